"""Turn flow: the Random Event roll, Fighting Events and the rounds of a turn."""
