"""How long the web board takes from a click to the computer's answer.

    .venv/bin/python scripts/web_latency.py --game the-hunt --as british --level normal

Plays games of `hunt serve`'s app in this process (Starlette's test client: the same
requests a browser sends, without the network), choosing the first choice each time,
and times each move from its POST to the view that shows the computer has answered
(polled every 20 ms, as the page does at 150 ms). Prints the median, 90th percentile
and worst of the answers that involved a computer decision. Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from hunt.cli.web.app import create_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="the-hunt")
    parser.add_argument("--as", dest="seat", default="british")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    client = TestClient(create_app(Path(tempfile.mkdtemp())), base_url="http://127.0.0.1")
    answers: list[float] = []
    seed = args.seed
    while len(answers) < args.moves:
        start = client.post(f"/play/{args.game}?as={args.seat}&seed={seed}&level={args.level}",
                            follow_redirects=False)
        token = start.headers["location"].rsplit("/", 1)[1]
        view = settle(client, token)
        while not view["over"] and len(answers) < args.moves:
            clicked = time.perf_counter()
            client.post(f"/api/{token}/move", json={"move": view["choices"][0]["text"],
                                                    "position": view["position"]})
            before = view["position"]
            view = settle(client, token)
            if view["position"] > before + 1:  # the computer (or chance) answered
                answers.append(time.perf_counter() - clicked)
        seed += 1
    answers.sort()
    print(f"{args.game} as {args.seat}, computer at {args.level}: {len(answers)} answers; "
          f"median {statistics.median(answers):.2f} s, 90th percentile "
          f"{answers[int(0.9 * (len(answers) - 1))]:.2f} s, worst {answers[-1]:.2f} s")


def settle(client: TestClient, token: str) -> dict:  # type: ignore[type-arg]
    """The view once nobody but the human is to move."""
    while True:
        view = client.get(f"/api/{token}/view").json()
        if not view["thinking"]:
            return view  # type: ignore[no-any-return]
        time.sleep(0.02)


if __name__ == "__main__":
    main()
