"""Plain sentences for every event of the rule set."""
