"""The disk: atomic writes, the compiled-content cache and saved games (log + seats file)."""
