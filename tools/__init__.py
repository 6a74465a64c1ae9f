"""Command-line tools: the `mare` command, validator, benchmarks, replay, asset generators."""
