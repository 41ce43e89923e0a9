"""Write the reconstructed Fate deck of Hunting Party (boards/hunting_party/fate.toml).

    .venv/bin/python scripts/make_fate_deck.py > boards/hunting_party/fate.toml

The real cards are not public. This lays out 32 cards from the rulebook's vocabulary
with fixed counts: each of the 8 party events on 4 cards; the 5 animals on 6 or 7
cards each; and 160 personal icons in the proportions below, each card taking the
icons with most copies left (never more than two alike) in a shuffled seat order. A
seeded shuffle makes the layout reproducible; the counts are the reconstruction, to be tuned
with measured play once the rules run.
"""

from __future__ import annotations

import random

EVENTS = ("ambush", "backtrack", "hunting-accident", "jungle-fever", "quicksand",
          "resupply", "scavengers", "vine-bridge")
ANIMALS = {"lion": 7, "rhinoceros": 6, "elephant": 6, "buffalo": 7, "big-cat": 6}
ICONS = {"animal-attack": 56, "natives": 32, "reload": 24, "pitfall": 20, "misfire": 16,
         "opportunity-shot": 12}
CARDS = 32


def main() -> None:
    rng = random.Random(415)
    events = [event for event in EVENTS for _ in range(CARDS // len(EVENTS))]
    animals = [animal for animal, n in ANIMALS.items() for _ in range(n)]
    rng.shuffle(animals)
    left = dict(ICONS)
    rows = []
    for _ in range(CARDS):  # each card takes the icons most left, at most two alike
        row: list[str] = []
        while len(row) < 5:
            open_icons = [icon for icon in left if left[icon] and row.count(icon) < 2]
            most = max(left[icon] for icon in open_icons)
            icon = rng.choice([icon for icon in open_icons if left[icon] == most])
            row.append(icon)
            left[icon] -= 1
        rng.shuffle(row)  # which seat meets which icon
        rows.append(row)
    print("# Hunting Party: the Fate deck, reconstructed (written by "
          "scripts/make_fate_deck.py).")
    print("# event: the party Fate; animal: the trophy (and what Animal Attack meets);")
    print("# icons: the personal Fate of the First Hunter, then each Hunter clockwise.")
    for number, (event, animal, row) in enumerate(zip(events, animals, rows, strict=True)):
        print()
        print("[[card]]")
        print(f'id = "fate-{number + 1:02d}"')
        print(f'event = "{event}"')
        print(f'animal = "{animal}"')
        print("icons = [" + ", ".join(f'"{icon}"' for icon in row) + "]")
        print('source = "reconstructed"')


if __name__ == "__main__":
    main()
