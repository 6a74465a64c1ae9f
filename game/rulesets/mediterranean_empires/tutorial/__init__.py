"""Learn to Play: the books' worked examples as lessons played at the real table.

lesson.py loads and checks the lesson files (scenarios/mediterranean_empires/tutorial/);
run.py plays one on a GameSession. Pure: no pygame.
"""

from game.rulesets.mediterranean_empires.tutorial.lesson import (
    Lesson,
    Step,
    bundled_lessons,
    find_lesson,
    load_lessons,
)
from game.rulesets.mediterranean_empires.tutorial.run import LessonError, LessonRun

__all__ = ["Lesson", "LessonError", "LessonRun", "Step", "bundled_lessons", "find_lesson",
           "load_lessons"]
