from engines.core.grid import connected, flood, has_holes, neighbours, square_name


def test_square_names_count_columns_from_a_and_rows_from_1():
    assert square_name(0, 0) == "A1" and square_name(4, 4) == "E5" and square_name(25, 9) == "Z10"


def test_flood_stays_inside_and_steps_orthogonally():
    area = {(0, 0), (1, 0), (1, 1), (3, 3)}
    assert flood([(0, 0)], area) == {(0, 0), (1, 0), (1, 1)}
    assert set(neighbours((2, 2))) == {(3, 2), (1, 2), (2, 3), (2, 1)}
    assert connected(area - {(3, 3)}) and not connected(area) and connected(set())


def test_a_ring_has_a_hole_and_a_diagonal_gap_is_not_one():
    ring = {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    assert has_holes(ring)
    assert not has_holes({(0, 0), (1, 1)})
    assert not has_holes({(0, 0), (1, 0), (2, 0)})
