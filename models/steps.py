"""The step engine: rules that run as a stack of pending steps (the games whose
turns nest reactions and effects).

The top step says who acts: a seat, `CHANCE`, or `AUTO` for a step nobody decides,
which the game carries out at once. A game pushes the steps a rule sets off, so the
engine needs no fixed phase order beyond what the rules push.

`StepState` writes the game contract's skeleton once (a template method, as pgx's
`step` -> `_step`): `current_player`, `legal_actions`, `chance_outcomes`, `_apply`,
`_run` and `clone`. A game declares its step kinds (`step_kinds`: kind -> `DECIDE`,
`CHANCE_STEP` or `AUTO_STEP`) and marks the methods that handle them:

    @legal("play")                     # DECIDE: the choices, as a list of actions
    @outcomes("draw")                  # CHANCE_STEP: [(action, probability)]
    @effect("play", "draw")            # DECIDE and CHANCE_STEP: carry out the action
    @auto("resolve")                   # AUTO_STEP: carry out the step

The tables are built and checked when the class is made: a declared kind without its
handlers, or a handler for a kind not declared, raises `TypeError` at import, never in
play. A game puts a step's legality beside its effect.

`clone` copies every attribute named in `copied` with its copier, shares the rest, and
refuses (`TypeError`) to share an attribute that holds a mutable value it was not told
about: a new field cannot be forgotten by the copy.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from hunt.models.game import CHANCE, TERMINAL, ActionT, ObsT, State

AUTO = -3
"""The `seat` of a step nobody decides: it is carried out at once."""


class Step:
    """One pending step: its `kind` (the handlers' key) and who acts (`seat`).

    A game gives each kind its own frozen dataclass, a subclass that sets `kind`, and
    `seat` either as a class attribute (`CHANCE`, `AUTO`, a side that always acts) or
    as a field, and holds what the step needs in named, typed fields, so a handler
    reads `step.force`, never a position:

        @dataclass(frozen=True)
        class Search(Step):
            kind = "search"
            seat = BRITISH
            force: str

    The base gives no default seat: a dataclass would take it as the default of a
    subclass's `seat` field, and a step built without its seat would go to nobody.
    """

    kind: str
    seat: int


StepT = TypeVar("StepT", bound=Step)
"""The steps a game's stack holds: its own subclasses of `Step`."""


def push(stack: list[StepT], *steps: StepT) -> None:
    """Push `steps` onto `stack` so that the first given runs first."""
    stack.extend(reversed(steps))


# -- the table of step handlers --------------------------------------------------------

Role = Literal["decide", "chance", "auto"]
DECIDE: Role = "decide"
"""A step a seat decides: it needs a `legal` and an `effect` handler."""
CHANCE_STEP: Role = "chance"
"""A chance node: it needs an `outcomes` and an `effect` handler."""
AUTO_STEP: Role = "auto"
"""A step nobody decides: it needs an `auto` handler."""

Part = Literal["legal", "outcomes", "effect", "auto"]
NEEDS: dict[Role, tuple[Part, ...]] = {
    DECIDE: ("legal", "effect"), CHANCE_STEP: ("outcomes", "effect"), AUTO_STEP: ("auto",)}
"""The handlers each role of step must have."""

F = TypeVar("F", bound=Callable[..., Any])
_MARK = "__step_handlers__"


def _marker(part: Part, kinds: tuple[str, ...]) -> Callable[[F], F]:
    if not kinds:
        raise TypeError(f"@{part} needs at least one step kind")

    def mark(function: F) -> F:
        marks: list[tuple[Part, str]] = list(getattr(function, _MARK, ()))
        marks += [(part, kind) for kind in kinds]
        setattr(function, _MARK, tuple(marks))
        return function
    return mark


def legal(*kinds: str) -> Callable[[F], F]:
    """Mark `method(self, step) -> list[action]`: the choices at a DECIDE step."""
    return _marker("legal", kinds)


def outcomes(*kinds: str) -> Callable[[F], F]:
    """Mark `method(self, step) -> list[(action, probability)]`: a chance step's odds."""
    return _marker("outcomes", kinds)


def effect(*kinds: str) -> Callable[[F], F]:
    """Mark `method(self, step, action) -> None`: what the chosen action does."""
    return _marker("effect", kinds)


def auto(*kinds: str) -> Callable[[F], F]:
    """Mark `method(self, step) -> None`: what an AUTO step does."""
    return _marker("auto", kinds)


# -- copying a state -----------------------------------------------------------------

Copier = Callable[[Any], Any]


def lists(value: list[list[Any]]) -> list[list[Any]]:
    """A copy of a list of lists (rows, hands, ...)."""
    return [list(inner) for inner in value]


def counters(value: list[Counter[Any]]) -> list[Counter[Any]]:
    """A copy of a list of Counters (decks, discard piles per side, ...)."""
    return [Counter(inner) for inner in value]


_IMMUTABLE: set[type] = {int, float, str, bool, type(None), tuple, frozenset}
"""Types whose values a clone may share (grown by frozen dataclasses as met)."""


def _shareable(value: object) -> bool:
    kind = type(value)
    if kind in _IMMUTABLE or isinstance(value, tuple | frozenset):
        return True
    params = getattr(kind, "__dataclass_params__", None)
    if dataclasses.is_dataclass(value) and params is not None and params.frozen:
        _IMMUTABLE.add(kind)
        return True
    return False


class StepState(State[ActionT, ObsT], Generic[ActionT, ObsT, StepT]):
    """A state whose rules run as a stack of steps: the contract's skeleton.

    A game sets `stack` and `over` (the game has ended), declares `step_kinds` and
    `copied`, marks its handlers (see the module), and may override the hooks
    `_resolve_unasked` (a step carried out or dropped before anyone is asked) and
    `_next_phase` (what to push when the stack runs empty). A class that holds only a
    part of a game's rules is made with `partial=True`: it is checked as part of the
    game's state class.
    """

    step_kinds: ClassVar[Mapping[str, Role]] = {}
    """The step kinds this class adds, with who acts at each; on a class made, every
    kind of it and its bases (each part of a game's rules declares its own)."""
    copied: ClassVar[Mapping[str, Copier]] = {}
    """Attributes `clone` copies, each with how (list, dict, `lists`, ...); every other
    attribute must hold an immutable value (or be named in `shared_caches`)."""
    shared_caches: ClassVar[frozenset[str]] = frozenset()
    """Attributes a clone shares on purpose although they are mutable (caches that are
    replaced, never changed in place)."""

    _step_legal: ClassVar[dict[str, Callable[[Any, Step], list[Any]]]]
    _step_outcomes: ClassVar[dict[str, Callable[[Any, Step], list[tuple[Any, float]]]]]
    _step_effect: ClassVar[dict[str, Callable[[Any, Step, Any], None]]]
    _step_auto: ClassVar[dict[str, Callable[[Any, Step], None]]]

    stack: list[StepT]
    over: bool

    _known: ClassVar[frozenset[str]]
    _copiers: ClassVar[tuple[tuple[str, Copier], ...]]

    def __init_subclass__(cls, partial: bool = False, **kwargs: Any) -> None:
        """Build the handler tables from the marked methods of `cls` and its bases, and
        the step kinds from each one's `step_kinds`; check them unless `partial` (a
        part of a game's rules kept in its own file, completed by the state class)."""
        super().__init_subclass__(**kwargs)
        tables: dict[Part, dict[str, Callable[..., Any]]] = {
            "legal": {}, "outcomes": {}, "effect": {}, "auto": {}}
        kinds: dict[str, Role] = {}
        for klass in reversed(cls.__mro__):
            kinds.update(vars(klass).get("step_kinds", {}))
            for function in vars(klass).values():
                for part, kind in getattr(function, _MARK, ()):
                    tables[part][kind] = function
        cls.step_kinds = kinds
        if not partial:
            _check(cls.__name__, kinds, tables)
        cls._step_legal = tables["legal"]
        cls._step_outcomes = tables["outcomes"]
        cls._step_effect = tables["effect"]
        cls._step_auto = tables["auto"]
        cls._known = frozenset(cls.copied) | cls.shared_caches | {"game", "history", "_views"}
        cls._copiers = tuple(cls.copied.items())

    # -- the contract ------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return self.stack[-1].seat

    def legal_actions(self) -> list[ActionT]:
        if self.over:
            return []
        step = self.stack[-1]
        if step.seat == CHANCE:
            return [action for action, _ in self._odds(step)]
        return sorted(set(self._decisions(step)))

    def is_legal(self, action: ActionT) -> bool:
        """Whether `action` is among the step's choices as its handler lists them: the
        answer of `legal_actions` without its sorted copy (a checked move builds the
        choices once more)."""
        if self.over:
            return False
        step = self.stack[-1]
        try:
            if step.seat == CHANCE:
                return action in [outcome for outcome, _ in self._odds(step)]
            return action in self._decisions(step)
        except TypeError:
            return False

    def chance_outcomes(self) -> list[tuple[ActionT, float]]:
        if self.over or self.stack[-1].seat != CHANCE:
            return []
        return self._odds(self.stack[-1])

    def _decisions(self, step: StepT) -> list[ActionT]:
        """The choices at the DECIDE step `step`, in the handler's order."""
        return self._step_legal[step.kind](self, step)

    def _odds(self, step: StepT) -> list[tuple[ActionT, float]]:
        """The outcomes of the chance step `step`, with their probabilities."""
        return self._step_outcomes[step.kind](self, step)

    def _apply(self, action: ActionT) -> None:
        step = self.stack.pop()
        self._step_effect[step.kind](self, step, action)
        self._run()

    def _carry_out(self, step: StepT, action: ActionT) -> None:
        """Apply `action` at `step` (already popped) without running on: for a game
        that takes a forced choice itself."""
        self._step_effect[step.kind](self, step, action)

    def _push(self, *steps: StepT) -> None:
        push(self.stack, *steps)

    # -- the flow ----------------------------------------------------------------------

    def _run(self) -> None:
        """Carry out automatic steps until a seat or chance must act, or the end."""
        while not self.over:
            if not self.stack:
                self._next_phase()
                continue
            step = self.stack[-1]
            if step.seat == AUTO:
                self.stack.pop()
                self._step_auto[step.kind](self, step)
                continue
            if self._resolve_unasked(step):
                continue
            return

    def _resolve_unasked(self, step: StepT) -> bool:
        """Before asking anyone: carry out or drop the top step `step` if nobody needs to
        act at it (popping it), and say True; False leaves it to be decided."""
        return False

    def _next_phase(self) -> None:
        """Push the next phase's steps: the stack ran empty before the end."""
        raise AssertionError(f"{type(self).__name__}: no step left and the game not over")

    # -- copying -------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy: each attribute in `copied` copied, every other one
        immutable or declared in `shared_caches` (else `TypeError`: a field nobody copies)."""
        other = self._copy_shell()
        fields = other.__dict__  # the shell's own dict: as fast as attribute access
        immutable = _IMMUTABLE
        # Checked at every clone, not once: a field may hold None now and a list later.
        for name in fields.keys() - self._known:
            value = fields[name]
            if type(value) not in immutable and not _shareable(value):
                raise TypeError(f"{type(self).__name__}.clone: {name} holds a "
                                f"{type(value).__name__}; add it to `copied` or `shared_caches`")
        for name, copier in self._copiers:
            fields[name] = copier(fields[name])
        return other


def _check(name: str, kinds: Mapping[str, Role],
           tables: Mapping[Part, Mapping[str, Callable[..., Any]]]) -> None:
    """Every declared kind has the handlers its role needs, and no handler serves a
    kind that is not declared or does not need it."""
    problems = []
    for kind, role in kinds.items():
        if role not in NEEDS:
            problems.append(f"{kind}: unknown role {role!r}")
            continue
        problems += [f"{kind} ({role}) has no @{part} handler"
                     for part in NEEDS[role] if kind not in tables[part]]
    for part, table in tables.items():
        problems += [f"@{part}({kind!r}) handles a kind not declared or not {part}"
                     for kind in table if kind not in kinds or part not in NEEDS[kinds[kind]]]
    if problems:
        raise TypeError(f"{name}: " + "; ".join(problems))
