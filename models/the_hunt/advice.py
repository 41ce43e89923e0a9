"""The Hunt's hint engine: what the Graf Spee tracker means for the next decision.

For the British: where the raider probably is, where each Force on the map should
search this turn (P(find) = P(Graf Spee there) x P(the roll succeeds)), and whether
an Intelligence card is worth its AP. For the German: its exposure (the British belief
on its true hex) and the moves that would lower it. Everything is computed from the
seat's observation and the tracker, never from hidden state. When the seat is to act,
what each card it may play buys (its AP, its event, its Intelligence stripe, its
Battle value), from the printed cards, so the recommended play can say why.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from hunt.boards.the_hunt.cards import TheHuntCard
from hunt.models.the_hunt.actions import AP_FOR_STEPS, TheHuntAction
from hunt.models.the_hunt.help import INTELLIGENCE
from hunt.models.the_hunt.observation import TheHuntObservation, raider_hex
from hunt.models.the_hunt.rules import (
    BRITISH,
    GERMAN,
    MAX_HINTS,
    SIDES,
    TheHuntGame,
    TheHuntState,
)
from hunt.models.the_hunt.tracker import (
    GrafSpeeTracker,
    PublicFacts,
    public_facts,
    replay_views,
)


@dataclass(frozen=True)
class SearchOption:
    """A Force's best search this turn."""

    force: str
    hex: str
    ap: int
    """AP for the move there and the search."""
    p_there: float
    p_roll: float
    p_find: float


@dataclass(frozen=True)
class IntelOption:
    """Playing an Intelligence card (1 AP) before the best search, against not."""

    card: str
    kind: str
    p_find_with: float
    p_find_without: float

    @property
    def worth_it(self) -> bool:
        """Whether the expected chance to find the raider goes up."""
        return self.p_find_with > self.p_find_without + 1e-12


@dataclass(frozen=True)
class Exposure:
    """A German move and the British belief on the raider's hex after it."""

    move: str
    hex: str
    ap: int
    exposure: float


def roll_chance(game: TheHuntGame, bonus: int) -> float:
    """P(a search roll succeeds) with `bonus` added to the die."""
    need = game.rules["search_success"] - bonus
    return min(1.0, max(0.0, (7 - need) / 6))


def top_hexes(tracker: GrafSpeeTracker, count: int = 10) -> list[tuple[str, float]]:
    """The `count` likeliest hexes, likeliest first (ties by hex number)."""
    return sorted(tracker.posterior().items(), key=lambda item: (-item[1], item[0]))[:count]


def _before_its_card(seen: TheHuntObservation) -> bool:
    """Whether the seat has yet to play this turn's card (its turn has not come, or it
    is choosing the card): then its AP are those its best card would give. Once its
    card is played (at any step of the turn, its own or the other side's reaction),
    its AP are the turn's."""
    own_turn = seen["phase"] == f"{seen['seat']}-card"
    return not own_turn or seen["step"] == "card"


def _available_ap(game: TheHuntGame, seen: TheHuntObservation) -> int:
    """AP the seat has (mid-turn) or can get from its best card (before playing one)."""
    if not _before_its_card(seen):
        return int(seen["ap"])
    best = max((game.cards[card].ap for card in seen["hand"]), default=0)
    return best + (int(seen["reserve"]) if seen["seat"] == "german" else 0)


def best_searches(game: TheHuntGame, p: dict[str, float], seen: TheHuntObservation, ap: int,
                  bonus: int) -> list[SearchOption]:
    """Each Force on the map that may still search: its best hex within `ap`."""
    options = []
    turn = seen["turn_state"]
    for force, where in sorted(seen["forces"].items()):
        if where is None or force in turn["searched"] or turn["storm"]:
            continue
        reach = {0: 0} if force in turn["moved"] else {0: 0, **AP_FOR_STEPS}
        best: SearchOption | None = None
        for steps, cost in reach.items():
            if cost + 1 > ap:
                continue
            for hex_id in sorted(game.ball[where][steps]):  # ties: the lowest hex
                p_there = p.get(hex_id, 0.0)
                if best is None or p_there > best.p_there or \
                        (p_there == best.p_there and cost + 1 < best.ap):
                    roll = roll_chance(game, bonus)
                    best = SearchOption(force, hex_id, cost + 1, p_there, roll, p_there * roll)
        if best is not None:
            options.append(best)
    return sorted(options, key=lambda option: -option.p_find)


def _best_find(game: TheHuntGame, p: dict[str, float], seen: TheHuntObservation, ap: int,
               bonus: int) -> float:
    options = best_searches(game, p, seen, ap, bonus)
    return options[0].p_find if options else 0.0


def intelligence_options(game: TheHuntGame, tracker: GrafSpeeTracker, seen: TheHuntObservation,
                         facts: PublicFacts, ap: int, bonus: int) -> list[IntelOption]:
    """For each kind of Intelligence in hand: the best P(find) after playing it (1 AP)
    against the best without. A hint is averaged over where the German could put it
    (every legal hex alike) and where the raider is (the tracker)."""
    p = tracker.posterior()
    without = _best_find(game, p, seen, ap, bonus)
    options = []
    kinds: dict[str, str] = {}
    for card in seen["hand"]:
        kind = game.cards[card].intelligence
        if kind != "none" and kind not in kinds:
            kinds[kind] = card
    for kind, card in sorted(kinds.items()):
        plus = 1 if kind in ("plus-one", "both") else 0
        if kind in ("hint", "both") and len(seen["hints"]) < MAX_HINTS:
            # P(the hint lands on each spot); what follows depends on the spot alone.
            taken = {*seen["hints"], seen["altmark"]}
            chance: dict[str, float] = {}
            for where, weight in p.items():
                spots = game.ball[where][1] - taken
                for spot in spots:
                    chance[spot] = chance.get(spot, 0.0) + weight / len(spots)
            with_intel = 0.0
            for spot, weight in sorted(chance.items()):
                after = tracker.copy()
                after.observe(("hint", spot), facts)
                with_intel += weight * _best_find(game, after.posterior(), seen, ap - 1,
                                                  bonus + plus)
        else:
            with_intel = _best_find(game, p, seen, ap - 1, bonus + plus)
        options.append(IntelOption(card, kind, with_intel, without))
    return options


SETUP_STEPS = ("place-graf-spee", "place-altmark")
"""The German's setup choices: no move of the Graf Spee is open before the first turn."""


def searches_heading(report: Mapping[str, Any]) -> str:
    """The heading of the British searches of a hint: with the AP of this turn, or,
    before a card is played, with those of the hand's best card for AP (the play the
    hint recommends may buy fewer)."""
    if report.get("ap_from_best_card"):
        return f"Searches this turn, if your best card is played for its {report['ap']} AP"
    return f"Searches this turn (with {report['ap']} AP)"


def german_exposure(game: TheHuntGame, tracker: GrafSpeeTracker, seen: TheHuntObservation,
                    facts: PublicFacts, count: int = 5,
                    allowed: Collection[str] | None = None) -> tuple[float, list[Exposure]]:
    """The British belief on the raider's true hex now, and the `count` moves open to
    the German this turn (within its AP; of `allowed`, the legal action texts, when
    given) that leave the least belief on its new hex; none during setup."""
    here = raider_hex(seen)
    now = tracker.probability(here)
    ap = 0 if seen["step"] in SETUP_STEPS else _available_ap(game, seen)
    p = tracker.belief.p
    moves = []
    for steps, cost in AP_FOR_STEPS.items():
        if cost > ap:
            continue
        after = p @ tracker.kernel(steps, facts)
        for hex_id in sorted(game.ball[here][steps]):
            text = f"move graf-spee {cost} {hex_id}"
            if allowed is None or text in allowed:
                moves.append(Exposure(text, hex_id, cost,
                                      float(after[tracker.belief.index[hex_id]])))
    moves.sort(key=lambda move: (move.exposure, move.ap, move.hex))
    return now, moves[:count]


def british_report(state: TheHuntState, tracker: GrafSpeeTracker) -> dict[str, Any]:
    """The British hint as data (see `advice_report`)."""
    game = state.game
    seen = state.observation(BRITISH)
    p = tracker.posterior()
    ap = _available_ap(game, seen)
    bonus = int(seen["turn_state"]["search_bonus"])
    searches = best_searches(game, p, seen, ap, bonus)
    return {
        "seat": "british", "ap": ap, "ap_from_best_card": _before_its_card(seen),
        "searches": [asdict(option) for option in searches],
        "intelligence": [{**asdict(option), "worth_it": option.worth_it}
                         for option in intelligence_options(game, tracker, seen,
                                                            public_facts(state), ap, bonus)],
    }


def german_report(state: TheHuntState, tracker: GrafSpeeTracker) -> dict[str, Any]:
    """The German hint as data (see `advice_report`)."""
    seen = state.observation(GERMAN)
    # On its turn only the moves it may make now (none once the Graf Spee has moved);
    # between turns, the moves its next turn's AP would allow.
    allowed = {state.action_to_string(action) for action in state.legal_actions()} \
        if state.current_player() == GERMAN else None
    now, moves = german_exposure(state.game, tracker, seen, public_facts(state),
                                 allowed=allowed)
    return {"seat": "german", "graf_spee": seen["graf_spee"], "exposure": now,
            "safest_moves": [asdict(move) for move in moves]}


REMOVED = "Remove this card from the game."
"""The closing sentence of a card's text that says nothing of what the card buys."""

def _card_text(card: TheHuntCard, label: str = "") -> str:
    """The card's printed text, without its `label` ("Battle: ") and the sentence
    that removes it from the game."""
    text = card.text.replace(REMOVED, "").strip()
    return text[len(label):] if label and text.startswith(label) else text


def play_reason(game: TheHuntGame, action: TheHuntAction, value: float | None = None) -> str:
    """What playing a card with `action` buys, as the object of "It buys ..." ("5
    AP", "its event: ..."); "" for an action that plays no card. It reads the printed
    card, never the state (a card the seat may play is one it holds), but for a duel
    card's `value` in this duel when given (`BattleSteps.battle_value`: its AP with the
    bonuses the seat knows of)."""
    card = game.cards.get(action.arg)
    if card is None:
        return ""
    mandatory = "; its Mandatory event comes too" if card.event == "mandatory" else ""
    if action.verb == "play" and action.mode == "ap":
        return f"{card.ap} AP{mandatory}"
    if action.verb == "play":
        return f"its event: {_card_text(card)}"
    if action.verb == "react":
        return f"its reaction: {_card_text(card, 'Reaction: ')}"
    if action.verb == "intel":
        return INTELLIGENCE.get(card.intelligence, "") + mandatory
    if action.verb == "duel":
        effect = f"; {_card_text(card, 'Battle: ')}" if card.event == "battle" else ""
        return f"a Battle value of {card.ap if value is None else value:g}{effect}"
    return ""


def play_reasons(state: TheHuntState, seat: int) -> dict[str, str]:
    """What each card play open to `seat` buys, by the action's text; empty unless
    `seat` is to act."""
    if state.current_player() != seat:
        return {}
    reasons = {state.action_to_string(action): play_reason(
        state.game, action, state.battle_value(seat, action.arg) if action.verb == "duel"
        else None) for action in state.legal_actions()}
    return {text: reason for text, reason in reasons.items() if reason}


def advice_report(state: TheHuntState, seat: int, model: str = "uniform") -> dict[str, Any]:
    """Everything `hunt hint the-hunt` prints for `seat`, as JSON-able data: the belief
    (top hexes, entropy, hexes still possible) and the seat's advice."""
    tracker = GrafSpeeTracker.for_seat(state, seat, model)
    report = {
        "turn": state.turn, "phase": state.flow, "model": model,
        "top": [{"hex": hex_id, "p": p} for hex_id, p in top_hexes(tracker)],
        "possible": len(tracker.posterior()),
        "entropy_bits": tracker.belief.entropy(),
        "belief": tracker.posterior(),
        "play_reasons": play_reasons(state, seat),
    }
    if not tracker.placed or state.flow == "battle" or state.is_terminal():
        return report  # no searches to make, no exposure to lower: the hunt is over
    report.update(british_report(state, tracker) if seat == BRITISH
                  else german_report(state, tracker))
    return report


def belief_by_turn(state: TheHuntState, chances: dict[int, float],
                   known: bool = True) -> list[dict[str, Any]]:
    """For each turn of a recorded game: the British belief on the raider's true hex,
    its entropy and the whole belief, with P(German wins) from `chances` (action
    index -> estimate) at the turn's first decision. After the game: it reads the
    true hex to score the belief, never to form it; not `known` (a seat record's
    witness, whose hex is only one the seat holds possible), it reads no hex
    (`p_true_hex` and `graf_spee` None)."""
    tracker = GrafSpeeTracker(state.game)
    turns: list[dict[str, Any]] = []
    for index, (replay, seen, facts) in enumerate(replay_views(state, BRITISH), start=1):
        for item in seen:
            tracker.observe(item, facts)
        # `replay` stands just before action `index`: a new turn's first decision?
        if index in chances and tracker.placed and replay.graf_spee_hex is not None \
                and (not turns or turns[-1]["turn"] != replay.turn) and replay.turn > 0:
            hex_id = replay.graf_spee_hex if known else None
            turns.append({"turn": replay.turn, "side": SIDES[replay.active],
                          "p_true_hex": None if hex_id is None else tracker.probability(hex_id),
                          "entropy_bits": tracker.belief.entropy(),
                          "p_german_wins": chances[index],
                          "belief": tracker.posterior(), "graf_spee": hex_id})
    return turns


__all__ = ["Exposure", "IntelOption", "SearchOption", "advice_report", "belief_by_turn",
           "play_reason", "play_reasons", "roll_chance", "top_hexes"]
