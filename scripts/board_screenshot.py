"""Draw docs/web.md's picture of the web board: The Hunt as the British, a few rounds in,
every hex shaded by the tracker's belief, the state beside the map, the hand below; or
with --table docs/table.md's: the table companion on a phone (390x844), the British
record written down by taps to their first own move, the map shaded.

    .venv/bin/python scripts/board_screenshot.py --output docs/web-board.png
    .venv/bin/python scripts/board_screenshot.py --table --output docs/web-table-phone.png

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
    parser.add_argument("--table", action="store_true",
                        help="the table companion on a phone instead")
    args = parser.parse_args()
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1300,1250"):
        options.add_argument(argument)
    if args.table:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": 390, "height": 844, "pixelRatio": 2.0}})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "chromedriver"),
                              options=options)
    with running(create_app(Path(tempfile.mkdtemp()))) as address:
        if args.table:
            try:
                table_picture(driver, address, args.output)
            finally:
                driver.quit()
            print(f"Wrote {args.output}")
            return
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


def table_picture(driver: webdriver.Chrome, address: str, output: Path) -> None:
    """The table companion as the British, tapped to their first move of the game (the
    German's hidden moves, then the end of its turn; else the first entry offered),
    shaded, the page's top."""
    driver.get(address)
    form = driver.find_element(By.CSS_SELECTOR, 'form[action="/play/the-hunt"]')
    form.find_element(By.CSS_SELECTOR, "select[name=as] option[value=british]").click()
    form.find_element(By.CSS_SELECTOR, 'button[formaction="/table/the-hunt"]').click()
    while True:
        view = WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return typeof view === 'undefined' ? null : view"))
        if view["table"]["asked"] == "Your move:" and \
                any(choice["note"] for choice in view["choices"]):
            break
        driver.execute_script("document.getElementById('all-choices').open = true")
        texts = [choice["text"] for choice in view["choices"]]
        hidden = [text for text in texts if "?" in text and "revealed" not in text]
        # the German moves unseen and ends its turn, rather than attack and be seen
        chosen = hidden[0] if hidden else "end" if "end" in texts else texts[0]
        selector = f'#choices .choice[data-move="{chosen}"]'
        driver.find_element(By.CSS_SELECTOR, selector).click()
        before = view["position"]

        def written(d: Any, before: int = before) -> bool:
            return bool(d.execute_script("return view.position") > before)

        WebDriverWait(driver, 60).until(written)
    driver.execute_script("document.getElementById('all-choices').open = false")
    driver.find_element(By.ID, "shade").click()
    WebDriverWait(driver, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#board .hex.shaded"))
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(output))


if __name__ == "__main__":
    main()
