"""Mediterranean Empires (Bellica Third Generation): content and rules."""
