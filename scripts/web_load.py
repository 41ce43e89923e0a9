"""A bounded load run of `hunt serve`: many games at once over real HTTP.

    .venv/bin/python scripts/web_load.py --games 50 --moves 2000 --level easy

Starts `hunt serve` on a free port of 127.0.0.1 in a process of its own (a save folder
of its own), then plays `--games` games at once, one thread each, each choosing its
first choice, until `--moves` moves are played in all. Every request is timed; prints
the errors (any answer but 200 and 303) and the view's latency (median, 95th
percentile, worst) while the computers think. Not a test: figures for the notes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="the-hunt")
    parser.add_argument("--as", dest="seat", default="british")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=2000)
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    hunt = Path(sys.executable).parent / "hunt"
    folder = Path(tempfile.mkdtemp())
    log = (folder / "server.log").open("w")  # a failure's traceback, said at the end
    server = subprocess.Popen([str(hunt), "serve", "--port", str(port), "--save-dir",
                               str(folder)], stdout=subprocess.DEVNULL, stderr=log)
    views: list[float] = []
    errors: list[str] = []
    moves = [0]
    lock = threading.Lock()

    def ask(method: str, path: str, cookie: str = "", body: bytes = b""
            ) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        try:
            headers = {"Cookie": cookie, "Content-Type": "application/json"}
            started = time.perf_counter()
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            if path.endswith("/view"):
                with lock:
                    views.append(time.perf_counter() - started)
            if answer.status not in (200, 303):
                with lock:
                    errors.append(f"{method} {path}: {answer.status} {data[:100]!r}")
            return answer.status, dict(answer.headers), data
        finally:
            connection.close()

    def player() -> None:
        while True:
            _, headers, _ = ask("POST", f"/play/{args.game}?as={args.seat}&level={args.level}")
            token = headers["location"].rsplit("/", 1)[1]
            cookie = headers["set-cookie"].split(";", 1)[0]
            while True:
                status, _, body = ask("GET", f"/api/{token}/view", cookie)
                if status != 200:  # counted among the errors; this player starts anew
                    break
                view: dict[str, Any] = json.loads(body)
                if view["thinking"]:
                    time.sleep(0.15)  # as the page polls
                    continue
                with lock:
                    if moves[0] >= args.moves:
                        return
                    moves[0] += 1
                if view["over"]:
                    ask("POST", f"/api/{token}/leave", cookie)
                    break
                ask("POST", f"/api/{token}/move", cookie, json.dumps(
                    {"move": view["choices"][0]["text"], "position": view["position"]}).encode())

    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        started = time.perf_counter()
        threads = [threading.Thread(target=player) for _ in range(args.games)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        server.terminate()
        server.wait(10)
        log.close()
    if "Traceback" in (logged := (folder / "server.log").read_text()):
        first = logged.index("Traceback")
        print(f"the server's first traceback:\n{logged[first:first + 6000]}")
    views.sort()
    print(f"{args.games} games of {args.game} at once (computer: {args.level}), {moves[0]} "
          f"moves in {elapsed:.0f} s; {len(errors)} errors")
    for error in errors[:10]:
        print(" ", error)
    print(f"view latency over {len(views)} views: median {statistics.median(views) * 1000:.0f} "
          f"ms, 95th percentile {views[int(0.95 * (len(views) - 1))] * 1000:.0f} ms, worst "
          f"{views[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
