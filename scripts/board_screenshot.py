"""Draw docs/web.md's picture of the web board: The Hunt as the British, a few rounds in,
every hex shaded by the tracker's belief, the state beside the map, the hand below.

    .venv/bin/python scripts/board_screenshot.py --output docs/web-board.png

Serves `hunt serve`'s app on a free local port and drives headless Chromium (the
system package, through Selenium, as tests/test_browser.py does), clicking the first
choice until the round given. Not a test.
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from hunt.cli.web.app import create_app, running


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=Path("docs/web-board.png"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--turn", type=int, default=3, help="the round to stop at")
    args = parser.parse_args()
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1300,1250"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                              options=options)
    with running(create_app(Path(tempfile.mkdtemp()))) as address:
        try:
            driver.get(f"{address}/play/the-hunt?as=british&seed={args.seed}&ai=heuristic")
            driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
            while True:
                view = WebDriverWait(driver, 60).until(
                    lambda d: (v := d.execute_script(
                        "return typeof view === 'undefined' ? null : view")) and not v["thinking"]
                    and v)
                found = re.search(r"round (\d+)", view["screen"])
                if (found and int(found.group(1)) >= args.turn) or view["over"]:
                    break
                # the first choice of all (the list of every choice, unfolded)
                driver.execute_script("document.getElementById('all-choices').open = true")
                driver.find_element(By.CSS_SELECTOR, "#choices .choice").click()
                before = view["position"]

                def moved_on(d: Any, before: int = before) -> bool:
                    return bool(d.execute_script("return view.position") > before)

                WebDriverWait(driver, 60).until(moved_on)
            driver.execute_script("document.getElementById('all-choices').open = false")
            driver.find_element(By.ID, "shade").click()
            WebDriverWait(driver, 10).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#board .hex.shaded"))
            driver.save_screenshot(str(args.output))
        finally:
            driver.quit()
    print(f"Wrote {args.output}")


if __name__ == "__main__":
    main()
