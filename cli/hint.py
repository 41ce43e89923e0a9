"""`hunt hint`: advice for one seat of a recorded position, from that seat's view."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from hunt.cli.params import SEED
from hunt.cli.records import read_record
from hunt.models.game import CHANCE, State
from hunt.models.registry import available_games
from hunt.solver.hints import recommend
from hunt.solver.profiles import search_profile


@click.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(available_games()))
@click.argument("record_path", metavar="RECORD",
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--as", "seat_name", required=True,
              help="Whose advice: the seat you play (e.g. british or german).")
@click.option("--model", type=click.Choice(["uniform", "purposeful"]), default="uniform",
              show_default=True, help="How the German is assumed to move (The Hunt).")
@click.option("--iterations", type=click.IntRange(min=0), default=None,
              help="Search iterations for the recommended play (0: none); default: the "
                   "normal level.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the search.")
@click.option("--json", "as_json", is_flag=True, help="Print the advice as JSON.")
def hint(game_name: str, record_path: Path, seat_name: str, model: str,
         iterations: int | None, seed: int, as_json: bool) -> None:
    """Advice for SEAT at the end of RECORD (a saved or hand-written game record),
    computed only from what that seat has seen."""
    state = read_record(record_path, game_name)
    seats = state.game.info.seat_names
    if seat_name.lower() not in seats:
        raise click.BadParameter(f"{seat_name!r} is not a seat of {game_name}; "
                                 f"accepted: {', '.join(seats)}", param_hint="--as")
    seat = seats.index(seat_name.lower())
    budget = search_profile(state.game).normal_iterations if iterations is None else iterations
    report = hint_report(state, seat, model, budget, seed)
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    for line in describe(state, report):
        click.echo(line)


def hint_report(state: State, seat: int, model: str, iterations: int,
                seed: int) -> dict[str, Any]:
    """The advice for `seat` as data: the game's own analysis (The Hunt: the tracker),
    and the search's recommended play when `seat` is to act (`iterations` > 0)."""
    seats = state.game.info.seat_names
    report: dict[str, Any] = {"game": state.game.info.name, "seat": seats[seat],
                              "actions": len(state.history)}
    if state.game.info.name == "the-hunt":
        from hunt.models.the_hunt.advice import advice_report
        from hunt.models.the_hunt.rules import TheHuntState
        assert isinstance(state, TheHuntState)
        report.update(advice_report(state, seat, model))
    if state.game.info.name == "hunted":
        from hunt.models.hunted.rules import HuntedState
        assert isinstance(state, HuntedState)
        report["next_draw"] = state.draw_odds(seat)
    player = state.current_player()
    report["to_move"] = seats[player] if player >= 0 else None
    report["pending"] = pending(state)
    report["recommendation"] = None
    if player == seat and iterations > 0:
        advice = recommend(state, iterations, seed)
        report["recommendation"] = {
            "action": advice.action, "iterations": advice.iterations,
            "ranking": [vars(entry) for entry in advice.ranking]}
    return report


def pending(state: State) -> str:
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


def advise(state: State, seat: int) -> str:
    """The `hint` answer at the play prompt: what `hunt hint` says of the saved game at
    this moment (the same search budget and seed)."""
    budget = search_profile(state.game).normal_iterations
    return "\n".join(describe(state, hint_report(state, seat, "uniform", budget, seed=0)))


def describe(state: State, report: dict[str, Any]) -> list[str]:
    """The advice in words (and, for The Hunt, the shaded map)."""
    lines = [f"{state.game.info.title}, after {report['actions']} actions: advice for the "
             f"{report['seat'].capitalize()}."]
    if "belief" in report:
        lines += _the_hunt_lines(state, report)
    if "next_draw" in report:
        odds = report["next_draw"]
        lines.append(f"The next card: an alien {odds['alien']:.0%}, a bell {odds['bell']:.0%},"
                     f" an event {odds['event']:.0%}; it forces a fight at once "
                     f"{odds['fight']:.0%}.")
    advice = report["recommendation"]
    if advice is not None:
        lines.append(f"Recommended play: {advice['action']} (search of "
                     f"{advice['iterations']} iterations):")
        # Hunted's players win (1) or lose (0) together: a value is a chance to escape.
        escape = report["game"] == "hunted"
        for entry in advice["ranking"]:
            value = f"chance to escape {min(1.0, entry['value']):.0%}" if escape \
                else f"value {entry['value']:+.2f}"
            lines.append(f"  {entry['text']:<28} {entry['share']:6.1%} of the search, {value}")
    elif report["to_move"] != report["seat"]:
        lines.append(f"Waiting for: {report['pending']}.")
    return lines


def shade(p: float) -> str:
    """One character for a probability, for the map: blank, . : + #."""
    if p <= 0:
        return " "
    return "." if p < 0.02 else ":" if p < 0.05 else "+" if p < 0.1 else "#"


def _the_hunt_lines(state: State, report: dict[str, Any]) -> list[str]:
    from hunt.boards.the_hunt_map import draw_map
    from hunt.models.the_hunt.rules import TheHuntGame

    game = state.game
    assert isinstance(game, TheHuntGame)
    belief: dict[str, float] = report["belief"]
    lines = [f"Where the British believe the Graf Spee is ({report['model']} move model; "
             f"{report['possible']} hexes possible, entropy {report['entropy_bits']:.2f} "
             "bits):"]
    marks = {hex_id: shade(belief.get(hex_id, 0.0)) for hex_id in game.hexes}
    lines += ["  " + row for row in draw_map(game.board, marks)]
    lines.append("  # 10% or more  + 5-10%  : 2-5%  . under 2%  (blank: ruled out)")
    lines.append("Likeliest hexes: " + ", ".join(f"{entry['hex']} {entry['p']:.1%}"
                                                  for entry in report["top"]))
    if report.get("seat") == "british" and "searches" in report:
        lines.append(f"Searches this turn (with {report['ap']} AP):")
        for option in report["searches"]:
            lines.append(f"  Force {option['force']}: search {option['hex']} ({option['ap']} "
                         f"AP): P(there) {option['p_there']:.1%} x P(roll) "
                         f"{option['p_roll']:.0%} = P(find) {option['p_find']:.1%}")
        if not report["searches"]:
            lines.append("  no Force on the map can search this turn.")
        for option in report["intelligence"]:
            verdict = "worth its AP" if option["worth_it"] else "not worth its AP"
            lines.append(f"  Intelligence {option['card']} ({option['kind']}): best P(find) "
                         f"{option['p_find_with']:.1%} with it, {option['p_find_without']:.1%}"
                         f" without: {verdict}.")
    if report.get("seat") == "german" and "exposure" in report:
        lines.append(f"Your exposure: the British put {report['exposure']:.1%} on your hex "
                     f"{report['graf_spee']}.")
        lines.append("Moves that leave the least belief on your new hex:")
        for move in report["safest_moves"]:
            lines.append(f"  {move['move']:<24} exposure {move['exposure']:.1%}")
    return lines
