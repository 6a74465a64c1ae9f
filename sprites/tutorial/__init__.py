"""Learn to Play in the client: the lesson list, a lesson at the table with its panel, and
the closing page."""
