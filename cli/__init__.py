"""hunt.cli: the `hunt` command. Click commands only; no rules and no search here."""
