"""Hunting Party's hand-written players (`models/hunting_party/players.py`): positions
built with the engine, and the choice each player makes there, one behaviour a test."""

from __future__ import annotations

import random

from hunt.boards.hunting_party.data import FateCard
from hunt.models.game import CHANCE, take_forced_steps
from hunt.models.hunting_party import HuntingPartyGame, HuntingPartyState
from hunt.models.hunting_party.players import GreedyPlayer, PlannerPlayer
from hunt.models.hunting_party.rules import FLEE, FLEE_NOW, KINDS, NO_FLEE

# Emeric Vance is first by name before Florence Mbeki: in a 2-player game seat 1 is the
# First Hunter (the first icon), seat 0 the second. With Cecil Hargreave third, he is
# the First Hunter of 3 (seats 2, 0, 1).
PLAIN = ("florence-mbeki", "emeric-vance", "cecil-hargreave")


def act(state: HuntingPartyState, *texts: str) -> None:
    """Play the actions named, and the forced `pass` of a Flee window without a Flee."""
    for text in texts:
        take_forced_steps(state, text)
        state.apply_action(state.string_to_action(text))
        while state.current_player() >= 0 and state.legal_actions() == [NO_FLEE]:
            state.apply_action(NO_FLEE)


def dealt(players: int = 2, hunters: tuple[str, ...] = PLAIN,
          goals: tuple[str, ...] = ("big-five", "buffalo-herd", "head-hunter", "ivory",
                                    "lion-pride", "pairs"),
          hand: str = "camp camp shoot shoot flee") -> HuntingPartyState:
    """Hunters dealt; seat n dealt `goals[2n]`, `goals[2n+1]`; when `hand` is given,
    each keeps its first Goal and draws `hand`; else the state waits at keep-goal."""
    state = HuntingPartyGame(players=players).new_initial_state(1)
    act(state, *(f"hunter {h}" for h in hunters[:players]))
    act(state, *(f"goal {g}" for g in goals[:2 * players]))
    if not hand:
        return state
    for seat in range(players):
        act(state, f"keep {state.goals_dealt[seat][0]}")
    for _ in range(players):
        act(state, *(f"draw {kind}" for kind in hand.split()))
    return state


def card(state: HuntingPartyState, icons: tuple[str, ...], event: str = "resupply",
         animal: str = "lion") -> str:
    """A Fate card of our making put into the Fate deck; its id."""
    made = FateCard(f"test-{len(state.game.fate):02d}", event, animal, icons)
    state.game.fate[made.id] = made
    state.game.card_views[made.id] = {"id": made.id, "event": event, "animal": animal,
                                      "icons": list(icons)}
    state.fate_deck = sorted([*state.fate_deck, made.id])
    return made.id


def reveal(state: HuntingPartyState, *cards: str) -> None:
    act(state, *(f"fate {c}" for c in cards))


def choice(player: GreedyPlayer | PlannerPlayer, state: HuntingPartyState) -> str:
    return state.action_to_string(player.choose(state.clone(), random.Random(0)))


FILLER = ("reload",) * 5


# -- the greedy Hunter --------------------------------------------------------------------

def test_greedy_shoots_the_animal_on_a_face_up_card_then_discards_its_worst_fate() -> None:
    state = dealt()
    animal = card(state, ("animal-attack",) * 5)
    reload = card(state, FILLER)
    pit = card(state, ("pitfall",) * 5)
    reveal(state, animal, reload, pit)
    act(state, "draw camp")
    assert state.current_player() == 1 and state.stack[-1].kind == "play"
    assert choice(GreedyPlayer(), state) == "play shoot"
    act(state, "play shoot")
    assert choice(GreedyPlayer(), state) == f"discard {pit}"


def test_greedy_camps_where_the_natives_give_cards() -> None:
    state = dealt()
    natives = card(state, ("natives",) * 5, event="ambush")
    pits = [card(state, ("pitfall",) * 5, event="ambush") for _ in range(2)]
    reveal(state, natives, *pits)
    act(state, "draw shoot")
    assert choice(GreedyPlayer(), state) == "play camp"


def test_greedy_keeps_the_goal_it_meets_now() -> None:
    state = dealt(goals=("ivory", "survivor", "pairs", "big-five"), hand="")
    assert state.stack[-1].kind == "keep-goal" and state.current_player() == 0
    assert choice(GreedyPlayer(), state) == "keep survivor"


def test_greedy_gives_up_its_flee_first_and_the_planner_keeps_the_one_it_needs() -> None:
    # Quicksand comes before the personal fate: the First Hunter shot and meets the
    # Natives, which a Flee from the hand avoids.
    state = dealt()
    quick = card(state, ("natives",) * 5, event="quicksand")
    fillers = [card(state, FILLER) for _ in range(2)]
    reveal(state, quick, *fillers)
    act(state, "draw camp", "play shoot", f"discard {fillers[0]}",
        "draw camp", "play camp", f"discard {fillers[1]}")
    assert state.stack[-1].kind == "discard" and state.current_player() == 1
    assert state.hands[1][FLEE] == 1
    assert choice(GreedyPlayer(), state) == "discard flee"
    assert choice(PlannerPlayer(), state) == "discard camp"


def _flee_window(state: HuntingPartyState) -> None:
    """The First Hunter (seat 1) shoots into the Natives: its Flee window opens."""
    natives = card(state, ("natives",) * 5, event="ambush")
    fillers = [card(state, FILLER, event="ambush") for _ in range(2)]
    reveal(state, natives, *fillers)
    act(state, "draw camp", "play shoot", f"discard {fillers[0]}",
        "draw camp", "play camp", f"discard {fillers[1]}")
    assert state.stack[-1].kind == "flee-window" and state.current_player() == 1
    assert FLEE_NOW in state.legal_actions()


def test_both_flee_from_natives_that_would_take_two_cards() -> None:
    state = dealt()
    _flee_window(state)
    assert choice(GreedyPlayer(), state) == "flee"
    assert choice(PlannerPlayer(), state) == "flee"


def test_the_planner_lets_cards_go_in_the_last_round_where_they_only_keep_it_alive() -> None:
    state = dealt(hand="camp camp shoot shoot flee")
    _flee_window(state)
    state.fate_deck = state.fate_deck[:2]  # too few for another round of 2 Hunters
    assert state.observation(1)["fate_deck"] == 2
    assert choice(PlannerPlayer(), state) == "pass"
    assert choice(GreedyPlayer(), state) == "flee"  # it does not look ahead


def test_neither_flees_with_its_last_card() -> None:
    state = dealt()
    _flee_window(state)
    state.hands[1] = [0, 1, 0]  # the Flee alone: playing it would empty the hand
    for player in (GreedyPlayer(), PlannerPlayer()):
        assert choice(player, state) == "pass"


# -- the planner ---------------------------------------------------------------------------

def test_the_planner_never_keeps_a_goal_its_hand_limit_rules_out() -> None:
    # Daphne Okoro's hand limit is 4: "5 or more Action cards" at the end cannot be met.
    state = dealt(hunters=("daphne-okoro", "emeric-vance"),
                  goals=("survivor", "head-hunter", "pairs", "big-five"), hand="")
    assert choice(PlannerPlayer(), state) == "keep head-hunter"
    assert choice(GreedyPlayer(), state) == "keep survivor"


def test_the_planner_spoils_the_leaders_opportunity_shot_when_it_costs_nothing() -> None:
    state = dealt()
    state.trophies[1] = ["fate-01", "fate-02"]  # the First Hunter leads
    opportunity = card(state, ("opportunity-shot", "reload", "reload", "reload", "reload"))
    plain = card(state, FILLER)
    pit = card(state, ("pitfall",) * 5)
    reveal(state, opportunity, plain, pit)
    act(state, "draw camp", "play camp", f"discard {pit}", "draw camp", "play camp")
    assert state.stack[-1].kind == "discard-fate" and state.current_player() == 0
    assert choice(PlannerPlayer(), state) == f"discard {opportunity}"


def test_the_planner_holds_its_shoot_when_a_hunter_before_it_shot_the_animal() -> None:
    # The First Hunter (seat 1) meets the animal first and its Shoot lies face up (as
    # a card drawn under an Ambush from under the deck does): it bags the animal.
    state = dealt()
    animal = card(state, ("animal-attack",) * 5, event="ambush")
    fillers = [card(state, FILLER, event="ambush") for _ in range(2)]
    reveal(state, animal, *fillers)
    act(state, "draw camp", "play shoot", f"discard {fillers[0]}", "draw camp")
    state.secret_play[1] = 0
    assert state.observation(0)["hunters"][1]["action"] == "shoot"
    assert choice(GreedyPlayer(), state) == "play shoot"
    assert choice(PlannerPlayer(), state) == "play camp"


def test_the_planner_names_the_card_it_knows_is_on_top_of_the_action_deck() -> None:
    state = dealt()
    bridge = card(state, ("reload",) * 5, event="vine-bridge")
    fillers = [card(state, FILLER) for _ in range(2)]
    reveal(state, bridge, *fillers)
    act(state, "draw camp", "play camp", f"discard {fillers[0]}", "draw camp", "play camp")
    # The shuffled part is gone: the cards under the deck, face up, come next.
    state.fresh = [0, 0, 0]
    state.returned = [FLEE, FLEE, 0, 0, 0, 0]
    act(state, f"discard {fillers[1]}")
    assert state.stack[-1].kind == "name" and state.current_player() == 1
    assert choice(PlannerPlayer(), state) == "name flee"
    assert choice(GreedyPlayer(), state) == "name flee"


def test_both_aim_a_hunting_accident_at_the_hunter_it_would_kill() -> None:
    state = dealt(players=3)
    accident = card(state, ("reload",) * 5, event="hunting-accident")
    fillers = [card(state, FILLER, event="hunting-accident") for _ in range(3)]
    reveal(state, accident, *fillers)
    act(state, "draw camp", "play shoot", f"discard {fillers[0]}",
        "draw camp", "play camp", f"discard {fillers[1]}",
        "draw camp", "play camp")
    state.trophies[0] = ["fate-01", "fate-02"]
    state.hands[1] = [0, 0, 0]
    act(state, f"discard {fillers[2]}")
    # Reload gives each a card: seat 1 then holds one, seat 0 has two trophies.
    while state.current_player() == CHANCE:
        act(state, "draw camp")
    assert state.stack[-1].kind == "accident" and state.current_player() == 2
    assert sum(state.hands[1]) == 1
    for player in (GreedyPlayer(), PlannerPlayer()):
        assert choice(player, state) == "target p2"


def test_the_planner_avoids_a_jungle_fever_match_it_can_see_coming() -> None:
    state = dealt()
    fever = card(state, ("reload",) * 5, event="jungle-fever")
    fillers = [card(state, FILLER) for _ in range(2)]
    reveal(state, fever, *fillers)
    act(state, "draw camp", "play camp", f"discard {fillers[0]}", "draw camp", "play camp")
    state.known[0] = [3, 0, 0]  # everyone knows seat 0 holds camps
    state.hands[0] = [3, 0, 0]
    act(state, f"discard {fillers[1]}")
    assert state.stack[-1].kind == "jungle" and state.current_player() == 1
    assert KINDS == ("camp", "flee", "shoot")
    assert choice(PlannerPlayer(), state) != "reveal camp"


def _rounds_shown(state: HuntingPartyState, kind: str, rounds: int) -> None:
    """Play `rounds` quiet rounds (Reload for all, Scavengers finding nothing) in which
    seat 1 plays `kind` and seat 0 Camps: the Actions are turned up each round."""
    for _ in range(rounds):
        current = state.round
        reveal(state, *(card(state, FILLER, event="scavengers") for _ in range(3)))
        while state.round == current:
            step = state.stack[-1]
            if step.kind in ("draw", "vine-draw"):
                act(state, "draw camp")
            elif step.kind in ("scavenge", "reveal-fate"):
                act(state, f"fate {state.fate_deck[0]}")
            elif step.kind == "play":
                act(state, f"play {kind if step.seat == 1 else 'camp'}")
            else:
                state.apply_action(state.legal_actions()[0])


def test_the_planner_reads_how_often_the_hunter_before_it_has_shot() -> None:
    chosen: dict[str, str] = {}
    for kind in ("camp", "shoot"):
        state = dealt()
        _rounds_shown(state, kind, 2)
        assert state.first == 1 and [e["actions"][1] for e in state.observation(0)["log"]
                                     if e["event"] == "fate-revealed"] == [kind, kind]
        # Both meet the animal, the First Hunter first, its Action face down.
        animal = card(state, ("animal-attack",) * 5)
        fillers = [card(state, FILLER) for _ in range(2)]
        reveal(state, animal, *fillers)
        act(state, "draw camp", "play camp", f"discard {fillers[0]}", "draw camp")
        chosen[kind] = choice(PlannerPlayer(), state)
    assert chosen == {"camp": "play shoot", "shoot": "play camp"}
