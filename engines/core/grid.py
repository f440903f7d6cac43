"""Square grids shared by the games drawn on one (Bella Vista's town, Torri's walls):
square names, orthogonal neighbours, flood fill and holes. Points are ``(column, row)``,
row 0 at the top; a square is named by its column letter and row number ("E5")."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Point = tuple[int, int]


def square_name(col: int, row: int) -> str:
    """``(4, 4)`` -> ``"E5"``."""
    return f"{chr(ord('A') + col)}{row + 1}"


def neighbours(point: Point) -> Iterator[Point]:
    """The four squares sharing a side with ``point`` (on or off the grid)."""
    x, y = point
    yield x + 1, y
    yield x - 1, y
    yield x, y + 1
    yield x, y - 1


def flood(start: Iterable[Point], allowed: set[Point]) -> set[Point]:
    """Every point of ``allowed`` reachable from ``start`` by orthogonal steps inside
    ``allowed`` (the start points are included)."""
    seen = set(start)
    todo = list(seen)
    while todo:
        for n in neighbours(todo.pop()):
            if n in allowed and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def connected(points: set[Point]) -> bool:
    """True if the points form one orthogonally connected area (or none)."""
    return not points or flood([next(iter(points))], points) == points


def has_holes(points: set[Point]) -> bool:
    """True if some square outside ``points`` is enclosed by them (cannot reach the
    outside of their bounding box by orthogonal steps)."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    box = {
        (x, y)
        for x in range(min(xs) - 1, max(xs) + 2)
        for y in range(min(ys) - 1, max(ys) + 2)
        if (x, y) not in points
    }
    return flood([(min(xs) - 1, min(ys) - 1)], box) != box
