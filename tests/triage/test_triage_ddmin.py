from tzer.triage.ddmin import Budget, ddmin


def test_ddmin_finds_the_two_needed_items():
    calls = []

    def test(items):
        calls.append(list(items))
        return 3 in items and 17 in items

    assert ddmin(list(range(20)), test) == [3, 17]
    again = []
    assert ddmin(list(range(20)), lambda items: again.append(list(items)) or (3 in items and 17 in items)) \
        == [3, 17]
    assert again == calls  # deterministic: the same tests in the same order


def test_ddmin_returns_empty_when_nothing_is_needed_and_keeps_order():
    assert ddmin(["a", "b", "c"], lambda items: True) == []
    assert ddmin(list("abcdefgh"), lambda items: "".join(items).find("c") < "".join(items).find("f")
                 and "c" in items and "f" in items) == ["c", "f"]


def test_ddmin_result_is_one_minimal():
    def test(items):
        return sum(items) >= 13

    result = ddmin(list(range(8)), test)
    assert test(result)
    assert all(not test(result[:i] + result[i + 1:]) for i in range(len(result)))


def test_ddmin_stops_when_the_budget_is_spent():
    budget = Budget(max_tests=3)

    def test(items):
        budget.count()
        return 0 in items

    result = ddmin(list(range(64)), test, budget)
    assert budget.tests == 3 and 0 in result and len(result) < 64
