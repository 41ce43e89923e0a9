"""Parameter types shared by the commands: each refuses a bad value in one line."""

from __future__ import annotations

import math

import click

from hunt.errors import quoted


class FiniteSeconds(click.ParamType):  # type: ignore[type-arg]
    """A number of seconds: finite and at least 0.01 (nan and inf never return)."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        """`value` as seconds, or a one-line usage error."""
        try:
            seconds = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            seconds = math.nan
        if not math.isfinite(seconds) or seconds < 0.01:
            self.fail(f"{quoted(value)} is not a number of seconds; accepted: a finite "
                      "number from 0.01", param, ctx)
        return seconds


SECONDS = FiniteSeconds()
SEED = click.IntRange(min=0, max=2**63 - 1)
"""Seeds are whole numbers from 0 to 2**63 - 1 (the secret seeds are 63 bits)."""
