"""Grades computed from a Log alone, one scale per family."""

from deduce.difficulty.grade import Grade, Scale, grade_log

__all__ = ["Grade", "Scale", "grade_log"]
