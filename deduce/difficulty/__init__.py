"""Grades computed from a Log alone: the shared scale machinery, and one scale per family."""
