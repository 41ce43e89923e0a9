"""`hunt hint`: advice for one seat of a recorded position, from that seat's view."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import click

from hunt.cli.params import SEED, UserError
from hunt.cli.records import read_position
from hunt.errors import quoted
from hunt.models.game import CHANCE, AnyState
from hunt.models.plugin import seat_title
from hunt.models.registry import available_games, game_plugin
from hunt.solver.hints import MIXED, Recommendation, recommend, value_scale
from hunt.solver.profiles import search_profile


@click.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(available_games()))
@click.argument("record_path", metavar="RECORD",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--as", "seat_name", default=None,
              help="Whose advice: the seat you play (e.g. british or german); a seat "
                   "record names its own.")
@click.option("--model", default=None,
              help="The move model of the game's advice, for a game that has them "
                   "(default: the game's first; an unknown one is refused with the list).")
@click.option("--iterations", type=click.IntRange(min=0), default=None,
              help="Search iterations for the recommended play (a game the levels solve "
                   "whole: the solve's; 0: none); default: the normal level's.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the search.")
@click.option("--json", "as_json", is_flag=True, help="Print the advice as JSON.")
def hint(game_name: str, record_path: Path, seat_name: str | None, model: str | None,
         iterations: int | None, seed: int, as_json: bool) -> None:
    """Advice for a seat at the end of RECORD, computed only from what that seat has
    seen. RECORD is a full game record (saved or hand-written; --as names the seat) or
    a seat record (what one seat saw: `hunt record seat`, `hunt table`)."""
    model = move_model(game_name, model)
    state, recorded_seat = read_position(record_path, game_name)
    seat = chosen_seat(state, seat_name, recorded_seat)
    budget = search_profile(state.game).advice_iterations if iterations is None else iterations
    report = hint_report(state, seat, model, budget, seed)
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    for line in describe(state, report):
        click.echo(line)


def chosen_seat(state: AnyState, seat_name: str | None, recorded_seat: int | None) -> int:
    """The seat `--as` names, or the seat record's own; a seat record answers only for
    its seat (it holds nothing of what the others saw)."""
    seats = state.game.info.seat_names
    if seat_name is None:
        if recorded_seat is None:
            raise click.BadParameter(f"a full record needs the seat to advise; accepted: "
                                     f"{', '.join(seats)}", param_hint="--as")
        return recorded_seat
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {state.game.info.name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    seat = seats.index(seat_name.lower())
    if recorded_seat is not None and seat != recorded_seat:
        raise click.BadParameter(f"the record is what the {seats[recorded_seat]} saw: it can "
                                 f"advise only the {seats[recorded_seat]}", param_hint="--as")
    return seat


def move_model(game_name: str, model: str | None) -> str:
    """The move model `--model` names, checked against the game's; the game's first
    (or "") when none is named. A game without models refuses one in a line."""
    models = game_plugin(game_name).move_models
    if model is None:
        return models[0] if models else ""
    if not models:
        raise UserError(f"{game_name}'s advice has no move models; --model is not for it")
    if model.lower() not in models:
        raise UserError(f"--model {quoted(model)} is not a move model of {game_name}; "
                        f"accepted: {', '.join(models)}")
    return model.lower()


def hint_report(state: AnyState, seat: int, model: str, iterations: int,
                seed: int) -> dict[str, Any]:
    """The advice for `seat` as data: the game's own advice (its plugin's, e.g. The
    Hunt's tracker), and the search's recommended play when `seat` is to act
    (`iterations` > 0)."""
    seats = state.game.info.seat_names
    report: dict[str, Any] = {"game": state.game.info.name, "seat": seats[seat],
                              "actions": len(state.history)}
    plugin = game_plugin(state.game.info.name)
    if plugin.advice is not None:
        report.update(plugin.advice(state, seat, model or move_model(plugin.name, None)))
    player = state.current_player()
    report["to_move"] = seats[player] if player >= 0 else None
    report["pending"] = pending(state)
    report["recommendation"] = None
    # The game's reasons for its card plays feed the recommendation, not the report.
    reasons: dict[str, str] = report.pop("play_reasons", {})
    if player == seat and iterations > 0:
        report["recommendation"] = recommendation_data(
            state, recommend(state, iterations, seed), reasons)
    return report


def recommendation_data(state: AnyState, advice: Recommendation,
                        reasons: dict[str, str]) -> dict[str, Any]:
    """The search's advice as JSON-able data: the play, with what it buys (`reasons`:
    the game's, by action text) and its menu note, and the ranking, each value read
    as the game's `ValueScale` says (`win_chance` None where a value is no chance)."""
    scale = value_scale(state.game)
    notes = {state.action_to_string(action): state.choice_note(action)
             for action in state.legal_actions()}
    ranking = [{**vars(entry), "reason": reasons.get(entry.text, ""),
                "win_chance": scale.reading(entry.value)
                if scale.chance and entry.visits else None}
               for entry in advice.ranking]
    return {"action": advice.action, "iterations": advice.iterations,
            "ranking": ranking, "forced": advice.forced, "solved": advice.solved,
            "hidden": [{"text": text, "chance": chance} for text, chance in advice.hidden],
            "reason": reasons.get(advice.action, ""), "note": notes.get(advice.action, ""),
            "value_label": scale.label, "legend": scale.legend}


def pending(state: AnyState) -> str:
    """What the game waits for, in words any seat may read: a seat's name, "chance:
    the next draw" (the verb every outcome shares, never the outcomes, which could
    tell what a hidden hand holds), or "nobody (the game is over)"."""
    player = state.current_player()
    if player >= 0:
        return state.game.info.seat_names[player]
    if player == CHANCE:
        verbs = sorted({state.action_to_string(action).split()[0]
                        for action in state.legal_actions()})
        return f"chance: the next {' or '.join(verbs)}"
    return "nobody (the game is over)"


def advise(state: AnyState, seat: int) -> str:
    """The `hint` answer at the play prompt: what `hunt hint` says of the saved game at
    this moment (the same search budget and seed)."""
    budget = search_profile(state.game).advice_iterations
    return "\n".join(describe(state, hint_report(state, seat, "", budget, seed=0)))


def describe(state: AnyState, report: dict[str, Any]) -> list[str]:
    """The advice in words (with the game's own part, e.g. The Hunt's shaded map)."""
    lines = [f"{state.game.info.title}, after {report['actions']} actions: advice for "
             f"{seat_title(report['seat'])}."]
    advice_lines = game_plugin(report["game"]).advice_lines
    if advice_lines is not None:
        lines += advice_lines(state, report)
    advice = report["recommendation"]
    if advice is not None:
        lines += recommendation_lines(state, advice)
    elif report["to_move"] != report["seat"]:
        lines.append(f"Waiting for: {report['pending']}.")
    return lines


WIDTH = 80
"""The columns the advice fits in (a terminal's default width)."""


def recommendation_lines(state: AnyState, advice: dict[str, Any]) -> list[str]:
    """The recommended play in words: what it buys, the ranking with each value as a
    chance in percent (or the game's score), and a line on what the numbers mean."""
    solved = advice["solved"]
    if advice["forced"]:
        lines = [f"Recommended play: {advice['action']} (the only legal play)."]
    elif solved:
        mixed = sum(entry["share"] >= MIXED for entry in advice["ranking"]) > 1
        lines = [f"Recommended play: {advice['action']} (CFR+ solve of "
                 f"{advice['iterations']} iterations{'; it mixes' if mixed else ''}):"]
    else:
        lines = [f"Recommended play: {advice['action']} (search of "
                 f"{advice['iterations']} iterations):"]
    # What the play buys (the game's reason), else its menu note (what it names or
    # costs); two lines at most, so the ranking stays in sight.
    if advice["reason"]:
        lines += fitted("  It buys ", advice["reason"], ".")
    elif advice["note"]:
        lines += fitted("  (", advice["note"], ")")
    if advice["forced"]:
        return lines
    scale = value_scale(state.game)
    for entry in advice["ranking"]:
        # An action the search never tried has no value: 0 would read as a coin toss.
        value = scale.shown(entry["value"]) if entry["visits"] else "not tried"
        whose = "of the time" if solved else "of the search"
        lines.append(f"  {entry['text']:<28} {entry['share']:6.1%} {whose}, {value}")
    lines.append(advice["legend"])
    if advice["hidden"]:
        lines.append("What you cannot see, if the others play the solve:")
        lines += fitted("  ", hidden_chances(advice["hidden"]), ".")
    return lines


def hidden_chances(hidden: list[dict[str, Any]]) -> str:
    """What a seat cannot see, each with its chance, the words they all begin with said
    once: "the second player holds Kh 25%, Ks 25%" (not "the second player holds" five
    times)."""
    words = [entry["text"].split() for entry in hidden]
    shared = 0
    while all(len(text) > shared + 1 and text[shared] == words[0][shared] for text in words):
        shared += 1
    chances = ", ".join(f"{' '.join(text[shared:])} {entry['chance']:.0%}"
                        for text, entry in zip(words, hidden, strict=True))
    return " ".join([*words[0][:shared], chances])


def fitted(lead: str, text: str, end: str, most: int = 2) -> list[str]:
    """`lead`, `text` and `end` in at most `most` lines of at most `WIDTH` columns: a
    longer text (a card's) loses its tail to "...". `end` "." is left out after the
    text's own full stop."""
    if end == "." and text.endswith("."):
        end = ""
    indent = " " * (len(lead) - len(lead.lstrip()) + 2)  # under the lead's first word
    return textwrap.wrap(f"{lead}{text}{end}", WIDTH, subsequent_indent=indent,
                         max_lines=most, placeholder="...")
