"""The conformance suite every registered game must pass (shipped with the package).

`check_game(game)` plays random games from random seeds and checks, at every step,
the contract in `hunt.models.game`: legal actions sorted, unique and non-empty before
the end; illegal actions refused with `IllegalActionError` and no change; clones
independent; chance outcomes summing to 1, and the fast sampler and the playout
policy choosing only among what is legal; text forms that round-trip; observations
that are JSON-able, and a heuristic view (what playouts read) that shows nothing the
observation does not; termination within `max_game_length`; zero-sum (or shared) returns where
declared; the record round trip; and the determinizer: a sample keeps the player's
information-state key, observation and whose turn it is, can be played to the end, and
does not leak, i.e. states that differ only in what the player cannot see (whoever is
to move in them) agree on whose turn it is and on the player's observation, and give
identical samples from equally seeded generators.

It is the analogue of OpenSpiel's `random_sim_test`; every game's tests end with it.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass

from hunt.errors import IllegalActionError
from hunt.models.game import CHANCE, Action, AnyGame, AnyState, as_json
from hunt.models.registry import game_players, game_plugin, game_policy
from hunt.models.seat_record import (
    SeatNotebook,
    entry_text,
    follows,
    normalized,
    written_entry,
)

_NOT_AN_ACTION = ("not", "an", "action")


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which check, game seed and step."""


@dataclass
class ConformanceReport:
    """What a `check_game` run covered."""

    games: int = 0
    steps: int = 0
    determinizations: int = 0
    alternative_worlds: int = 0
    """Worlds built from changed histories that the no-leak check compared."""
    longest_game: int = 0


def check_game(game: AnyGame, *, num_games: int = 100, seed: int = 0,
               determinize_probability: float = 0.05, playout_probability: float = 0.2,
               check_probability: float = 1.0) -> ConformanceReport:
    """Play `num_games` random games of `game` and check the contract throughout.

    Legal actions and chance are checked at every step; clones, illegal actions, text
    forms and observations with `check_probability` (long games may sample them). The
    determinizer checks run with `determinize_probability` (and on the first and last
    step); a sampled world is played to the end with `playout_probability`. Raises
    `ConformanceError` at the first violation.
    """
    report = ConformanceReport()
    for index in range(num_games):
        game_seed = seed * 1_000_003 + index
        _check_one_game(game, game_seed, determinize_probability, playout_probability,
                        check_probability, report)
        report.games += 1
    return report


def _fail(game_seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"game seed {game_seed}, step {step}: {message}")


def _check_one_game(game: AnyGame, game_seed: int, determinize_probability: float,
                    playout_probability: float, check_probability: float,
                    report: ConformanceReport) -> None:
    rng = random.Random(game_seed)
    state = game.new_initial_state(seed=game_seed)
    step = 0
    while True:
        actions = check_state(state, rng, game_seed, step,
                              determinize=step == 0 or rng.random() < determinize_probability,
                              playout_probability=playout_probability, report=report,
                              full=step == 0 or rng.random() < check_probability)
        if state.is_terminal():
            break
        if step >= game.info.max_game_length:
            raise _fail(game_seed, step, f"no end after max_game_length "
                                         f"{game.info.max_game_length} actions")
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(actions)
        # A legal action, so the fast path; `apply_action` itself is checked on clones
        # (`_check_clone`) and by the record's replay (`_check_record`).
        state.apply_legal_action(action)
        step += 1
        report.steps += 1
    check_state(state, rng, game_seed, step, determinize=True,
                playout_probability=0.0, report=report)
    _check_terminal(game, state, game_seed, step)
    _check_record(game, state, game_seed, step)
    report.longest_game = max(report.longest_game, step)


def check_state(state: AnyState, rng: random.Random, game_seed: int, step: int, *,
                determinize: bool, playout_probability: float,
                report: ConformanceReport, full: bool = True) -> list[Action]:
    """The per-position checks of the contract on `state` (which is left unchanged);
    without `full`, only legal actions and chance. Returns the legal actions."""
    info = state.game.info
    player = state.current_player()
    actions = state.legal_actions()
    if state.is_terminal():
        if actions:
            raise _fail(game_seed, step, "legal actions at a terminal state")
        return actions
    if not actions:
        raise _fail(game_seed, step, "no legal actions before the end")
    if len(set(actions)) != len(actions) or actions != sorted(actions):
        raise _fail(game_seed, step, f"legal actions not sorted and unique: {actions}")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if not math.isclose(total, 1.0, abs_tol=1e-9) or any(p <= 0 for _, p in outcomes):
            raise _fail(game_seed, step, f"chance probabilities sum to {total}")
        if sorted(a for a, _ in outcomes) != actions:
            raise _fail(game_seed, step, "chance outcomes differ from the legal actions")
        if state.sample_chance_outcome(rng) not in actions:
            raise _fail(game_seed, step, "sample_chance_outcome drew an impossible outcome")
    elif not 0 <= player < info.num_players:
        raise _fail(game_seed, step, f"current player {player} is not a seat")
    elif state.chance_outcomes():
        raise _fail(game_seed, step, "chance outcomes at a decision node")
    elif game_policy(state.game).rollout_action(state, rng) not in actions:
        raise _fail(game_seed, step, "the playout policy chose an illegal action")
    if not full and not determinize:
        return actions

    texts = [state.action_to_string(action) for action in actions]
    if len({text.lower() for text in texts}) != len(texts):
        raise _fail(game_seed, step, f"two legal actions share a text: {texts}")
    sample = range(len(actions)) if len(actions) <= 8 else rng.sample(range(len(actions)), 8)
    for index in sample:
        if state.string_to_action(texts[index]) != actions[index]:
            raise _fail(game_seed, step, f"text {texts[index]!r} does not round-trip")
    _check_illegal_refused(state, game_seed, step)
    _check_clone(state, rng, game_seed, step)
    for seat in range(info.num_players):
        seen = state.observation(seat)
        json.dumps(seen)
        if not _shown_in(as_json(state.heuristic_view(seat)), seen):
            raise _fail(game_seed, step, f"the heuristic view of seat {seat} holds what "
                        "its observation does not show")
    if determinize:
        for seat in range(info.num_players):
            report.alternative_worlds += _check_determinize(
                state, seat, rng, game_seed, step, playout_probability)
            report.determinizations += 1
    return actions


def _shown_in(part: object, whole: object) -> bool:
    """Whether every value of `part` (a view as JSON) is shown in `whole`: the same keys
    with values shown in theirs, lists of the same length item by item, equal leaves."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(
            key in whole and _shown_in(value, whole[key]) for key, value in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(part) == len(whole) and all(
            _shown_in(a, b) for a, b in zip(part, whole, strict=True))
    return part == whole


def _check_illegal_refused(state: AnyState, game_seed: int, step: int) -> None:
    before = state._fingerprint()
    candidates: list[Action] = [_NOT_AN_ACTION]
    actions = state.legal_actions()
    integers = [action for action in actions if isinstance(action, int)]
    if len(integers) == len(actions):
        candidates += [max(integers) + 1, -1000]
    for illegal in candidates:
        try:
            state.apply_action(illegal)
        except IllegalActionError:
            pass
        else:
            raise _fail(game_seed, step, f"illegal action {illegal!r} was accepted")
        if state._fingerprint() != before:
            raise _fail(game_seed, step, "a refused action changed the state")
    try:
        state.string_to_action("no such action text")
    except IllegalActionError:
        pass
    else:
        raise _fail(game_seed, step, "nonsense text was read as an action")


def _check_clone(state: AnyState, rng: random.Random, game_seed: int, step: int) -> None:
    copy = state.clone()
    if copy != state:
        raise _fail(game_seed, step, "a clone differs from its original")
    before, history = state._fingerprint(), list(state.history)
    copy.apply_action(rng.choice(copy.legal_actions()))
    if state._fingerprint() != before or state.history != history:
        raise _fail(game_seed, step, "playing on a clone changed the original")


def _check_determinize(state: AnyState, seat: int, rng: random.Random, game_seed: int,
                       step: int, playout_probability: float) -> int:
    key = state.information_state_key(seat)
    prior = state.belief(seat)
    sample_seed = rng.randrange(2**31)
    sample = state.determinize(seat, random.Random(sample_seed), prior)
    if sample.information_state_key(seat) != key:
        raise _fail(game_seed, step, f"a sample for seat {seat} changed its information state")
    if sample.observation(seat) != state.observation(seat):
        raise _fail(game_seed, step, f"a sample for seat {seat} changed its observation")
    # Whose turn it is is part of what the seat sees: a window that opened only for a
    # hidden card would tell it the card is there.
    if sample.current_player() != state.current_player():
        raise _fail(game_seed, step, f"a sample for seat {seat} changed whose turn it is")
    if state.current_player() == seat and sample.legal_actions() != state.legal_actions():
        raise _fail(game_seed, step, f"a sample changed seat {seat}'s legal actions")
    # No leak: other worlds with the same view give the very same sample. The other
    # worlds come from the real history with steps the seat did not see replaced
    # (so they do not depend on the determinizer), and from the determinizer itself.
    ran_past: list[AnyState] = []
    other_worlds = alternative_histories(state, seat, rng, ran_past=ran_past)
    if ran_past:
        raise _fail(game_seed, step, f"whose turn it is leaks to seat {seat}: in a world it "
                                     "cannot tell from this one, play ran on by itself past "
                                     "this stop (a window that opens only for what the seat "
                                     "cannot see)")
    other_worlds += [state.determinize(seat, random.Random(rng.randrange(2**31)), prior)
                     for _ in range(2)]
    probe = rng.randrange(2**31)
    expected = state.determinize(seat, random.Random(probe), prior)
    for world in other_worlds:
        if world.information_state_key(seat) != key:
            raise _fail(game_seed, step, "a sample changed the information state")
        if world.current_player() != state.current_player():
            raise _fail(game_seed, step, f"whose turn it is differs between worlds seat "
                                         f"{seat} cannot tell apart: it leaks what is hidden")
        if world.observation(seat) != state.observation(seat):
            raise _fail(game_seed, step, f"seat {seat}'s observation differs between worlds "
                                         "with the same information state")
        if world.determinize(seat, random.Random(probe), world.belief(seat)) != expected:
            raise _fail(game_seed, step, f"determinize leaks: seat {seat} gets different "
                                         "samples from worlds it cannot tell apart")
    _check_seat_worlds(state, seat, other_worlds, probe, game_seed, step)
    if rng.random() < playout_probability:
        _play_to_end(sample, rng, game_seed, step)
    return len(other_worlds) - 2


def _check_seat_worlds(state: AnyState, seat: int, other_worlds: list[AnyState], probe: int,
                       game_seed: int, step: int) -> None:
    """`State.seat_worlds`, where a game has it: every world agrees with the seat's
    view, each entry the seat could write of a legal action here is one of some world's
    (so the table's menu never leaves out what can happen), and worlds the seat cannot
    tell apart give the same worlds from the same seed (they leak nothing)."""
    worlds = state.seat_worlds(seat, random.Random(probe))
    if worlds is None:
        return
    key, seen = state.information_state_key(seat), state.observation(seat)
    for world in worlds:
        if world.information_state_key(seat) != key or world.observation(seat) != seen \
                or world.current_player() != state.current_player():
            raise _fail(game_seed, step, f"seat_worlds for seat {seat} holds a world the "
                                         "seat can tell from this one")
    own = state.current_player() == seat
    for action in state.legal_actions():
        entry = normalized(entry_text(state, action, seat))
        if own:
            # The seat's own choice is listed; what it learns by it (a whole hand shown
            # by Concentrated Fire) may take more forms than the worlds hold together,
            # and is read when typed (`SeatNotebook.add` tries every consistent world).
            public = normalized(state.public_text(action, seat))
            if not any(normalized(world.public_text(other, seat)) == public
                       for world in worlds for other in world.legal_actions()):
                raise _fail(game_seed, step, f"seat_worlds for seat {seat} leaves out "
                                             f"its own choice {public!r}")
            continue
        if not any(follows(world, entry, seat) for world in worlds):
            raise _fail(game_seed, step, f"seat_worlds for seat {seat} leaves out "
                                         f"{entry!r}, which can happen here")
    for world in other_worlds[:1]:  # one other world: the enumeration is long
        if world.seat_worlds(seat, random.Random(probe)) != worlds:
            raise _fail(game_seed, step, f"seat_worlds leaks: seat {seat} gets different "
                                         "worlds from worlds it cannot tell apart")


def alternative_histories(state: AnyState, seat: int, rng: random.Random, *,
                          attempts: int = 6, wanted: int = 2,
                          ran_past: list[AnyState] | None = None) -> list[AnyState]:
    """Other states `seat` cannot tell from `state`, found by replaying its history.

    One step is replaced by another legal action that shows `seat` the same thing
    (another card drawn by the opponent, another hex for a hidden move); later steps
    replay as they were where still legal, and are replaced the same way where not.
    Attempts that `seat` could tell apart are dropped. Independent of `determinize`,
    so it can test it.

    `ran_past`, when given, collects the replayed worlds in which the same number of
    actions showed `seat` all it saw in `state` and more: there play went on by itself
    where in `state` somebody has a decision (or a draw) to make, so the very stop at
    `state` tells `seat` something hidden (a window that opens only for a card).
    """
    if not state.history or state._determinized:
        return []
    replay = state.replayed(0)
    seen: list[tuple[Hashable, ...]] = []
    for action in state.history:
        mark = replay.view_length(seat)
        replay.apply_action(action)
        seen.append(replay.views_since(seat, mark))
    key = state.information_state_key(seat)
    view = state.views_since(seat, 0)
    found: list[AnyState] = []
    for _ in range(attempts):
        changed = rng.randrange(len(state.history))
        world = _replay_with_change(state, seat, seen, changed, rng)
        if world is None:
            continue
        # Whoever is to move in it: worlds the seat cannot tell apart must agree on
        # that too, and the caller checks they do.
        if world.information_state_key(seat) == key and world != state:
            found.append(world)
            if len(found) == wanted:
                break
        elif ran_past is not None and world.view_length(seat) > len(view) \
                and world.views_since(seat, 0)[:len(view)] == view:
            ran_past.append(world)
    return found


def indistinguishable_worlds(game: AnyGame, seeds: Iterable[int], rng: random.Random, *,
                            pairs: int, probability: float = 0.1, attempts: int = 10,
                            seat: int | None = None, min_choices: int = 1,
                            policy: Callable[[AnyState, int], Action] | None = None
                            ) -> Iterator[tuple[AnyState, AnyState, int]]:
    """Up to `pairs` times along games of `seeds`: a state, another state that a seat
    cannot tell from it (`alternative_histories`), and that seat. For the no-leak tests
    of what reads a seat's view (a screen, a page, a search): it must give the same in
    both. Compare before asking for the next pair: the state plays on.

    A position is tried with `probability` where `seat` (None: any seat) is to act with
    at least `min_choices` legal actions. Play goes on by `policy(state, seed)` (None:
    a random legal action), chance by its odds, both drawn from `rng`.
    """
    found = 0
    for seed in seeds:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player >= 0 and seat in (None, player) \
                    and len(state.legal_actions()) >= min_choices and rng.random() < probability:
                for world in alternative_histories(state, player, rng, attempts=attempts,
                                                   wanted=1):
                    yield state, world, player
                    found += 1
                    if found == pairs:
                        return
            if player == CHANCE:
                action = state.sample_chance_outcome(rng)
            else:
                action = policy(state, seed) if policy else rng.choice(state.legal_actions())
            state.apply_action(action)


def _replay_with_change(state: AnyState, seat: int, seen: list[tuple[Hashable, ...]],
                        changed: int, rng: random.Random) -> AnyState | None:
    world = state.replayed(0)
    for index, action in enumerate(state.history):
        if world.is_terminal():
            return None
        if index == changed or not world.is_legal(action):
            # Another action that shows the seat what the original showed it.
            others = [a for a in world.legal_actions() if a != action]
            rng.shuffle(others)
            for other in others[:12]:
                trial = world.clone()
                mark = trial.view_length(seat)
                trial.apply_action(other)
                if trial.views_since(seat, mark) == seen[index]:
                    world = trial
                    break
            else:
                return None
        else:
            world.apply_legal_action(action)
    return world


def _play_to_end(state: AnyState, rng: random.Random, game_seed: int, step: int) -> None:
    limit = state.game.info.max_game_length
    for _ in range(limit + 1):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
    raise _fail(game_seed, step, "a determinized world did not reach the end")


def _check_terminal(game: AnyGame, state: AnyState, game_seed: int, step: int) -> None:
    returns = state.returns()
    if len(returns) != game.info.num_players:
        raise _fail(game_seed, step, f"returns {returns} do not have one value per seat")
    if game.info.zero_sum and not math.isclose(sum(returns), 0.0, abs_tol=1e-9):
        raise _fail(game_seed, step, f"returns {returns} of a zero-sum game do not add to 0")
    if game.info.cooperative and len(set(returns)) > 1:
        raise _fail(game_seed, step, f"returns {returns} of a cooperative game differ")
    if not all(game.info.min_utility <= value <= game.info.max_utility for value in returns):
        raise _fail(game_seed, step, f"returns {returns} are outside the game's utility "
                                     f"bounds {game.info.min_utility} .. {game.info.max_utility}")


def _check_record(game: AnyGame, state: AnyState, game_seed: int, step: int) -> None:
    record = json.loads(json.dumps(state.to_record()))
    replayed = game.from_record(record)
    if replayed != state:
        raise _fail(game_seed, step, "replaying the record gives another state")
    for seat in range(game.info.num_players):
        if replayed.information_state_key(seat) != state.information_state_key(seat):
            raise _fail(game_seed, step, "replaying the record changes a view")


def check_players(game: AnyGame, *, games: int = 2, pairs: int = 8, seed: int = 0) -> int:
    """Check `game`'s hand-written players (`GamePlugin.players`): each, in every seat,
    plays `games` whole games choosing only legal actions; and none leaks: a fresh
    player, equally seeded, chooses the same in two states its seat cannot tell apart
    (`pairs` of them along random games). Returns the decisions checked;
    `ConformanceError` at the first fault."""
    checked = 0
    for name, make in game_players(game).items():
        for index in range(games):
            game_seed = seed * 1_000_003 + index
            rng = random.Random(game_seed)
            state, player = game.new_initial_state(seed=game_seed), make()
            for step in range(game.info.max_game_length + 1):
                if state.is_terminal():
                    break
                if state.current_player() == CHANCE:
                    state.apply_action(state.sample_chance_outcome(rng))
                    continue
                action = player.choose(state, rng)
                if not state.is_legal(action):
                    raise _fail(game_seed, step, f"player {name} chose the illegal action "
                                                 f"{action!r}")
                state.apply_action(action)
                checked += 1
            else:
                raise _fail(game_seed, step, f"player {name} played past max_game_length")
        worlds = indistinguishable_worlds(game, range(seed, seed + 50), random.Random(seed),
                                          pairs=pairs, min_choices=2)
        for number, (state, world, seat) in enumerate(worlds):
            chosen = [make().choose(position.clone(), random.Random(number))
                      for position in (state, world)]
            if chosen[0] != chosen[1]:
                raise _fail(seed, len(state.history),
                            f"player {name} leaks: seat {seat} chooses {chosen[0]!r} in one "
                            f"world and {chosen[1]!r} in another it cannot tell apart")
            checked += 1
    return checked


def check_choice_words(game: AnyGame, seeds: Iterable[int], *, worlds: int = 2,
                       most_actions: int = 250) -> Iterator[tuple[str, str]]:
    """Check that every choice shown to `game`'s players has words of its own
    (`GamePlugin.choice_words`, the browser's buttons): along random games from `seeds`,
    each legal action's text at every decision, and each entry the table companion
    offers every seat at every step (a hidden part as ?, what an entry showed after
    "; "), each seat's notebook written down as the game goes. Yields each text with
    its words, for a game's own checks (the cards it names); `ConformanceError` where
    the words are the text itself or do not start with a capital."""
    words = game_plugin(game.info.name).choice_words
    if words is None:
        raise ConformanceError(f"{game.info.name} has no choice_words")
    seats = range(game.info.num_players)
    for game_seed in seeds:
        rng = random.Random(game_seed)
        state = game.new_initial_state(seed=game_seed)
        notebooks = [SeatNotebook(game, seat) for seat in seats]
        while not state.is_terminal() and len(state.history) < most_actions:
            texts = [state.action_to_string(action) for action in state.legal_actions()] \
                if state.current_player() != CHANCE else []
            for notebook in notebooks:
                texts += notebook.possible_entries(worlds=worlds)
            for text in texts:
                said = words(game, text)
                if said == text or not said[:1].isupper():
                    raise _fail(game_seed, len(state.history),
                                f"the choice {text!r} has no words of its own: {said!r}")
                yield text, said
            action = state.sample_chance_outcome(rng) if state.current_player() == CHANCE \
                else rng.choice(state.legal_actions())
            for notebook in notebooks:
                entry = written_entry(state, action, notebook.seat)
                if entry is not None:
                    notebook.add(entry)
            state.apply_action(action)
