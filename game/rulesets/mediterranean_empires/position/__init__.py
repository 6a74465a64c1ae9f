"""Game positions as YAML: loading them into a state and writing a state out."""
