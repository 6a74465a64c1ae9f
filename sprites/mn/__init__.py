"""Mare Nostrum: Empires at the client's table."""
