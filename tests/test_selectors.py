from kubegap.domain.selectors import Selector


def test_match_labels_and_expressions_are_anded():
    selector = Selector.from_label_selector(
        {"matchLabels": {"app": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["a", "b"]}]}
    )
    assert selector.matches({"app": "web", "tier": "a"})
    assert not selector.matches({"app": "web", "tier": "c"})
    assert not selector.matches({"tier": "a"})


def test_operators():
    def sel(op, values=None):
        return Selector.from_label_selector(
            {"matchExpressions": [{"key": "k", "operator": op, "values": values or []}]}
        )

    assert sel("NotIn", ["x"]).matches({}) and not sel("NotIn", ["x"]).matches({"k": "x"})
    assert sel("Exists").matches({"k": ""}) and not sel("Exists").matches({})
    assert sel("DoesNotExist").matches({}) and not sel("DoesNotExist").matches({"k": "1"})
    assert sel("Gt", ["3"]).matches({"k": "4"}) and not sel("Gt", ["3"]).matches({"k": "a"})


def test_empty_selects_everything_null_selects_nothing():
    assert Selector.from_label_selector({}).matches({"any": "thing"})
    assert Selector.from_label_selector({}).selects_everything
    assert Selector.from_label_selector(None) is None
    assert Selector.from_label_selector({"matchExpressions": [{"key": "k", "operator": "Bogus"}]}) is None


def test_service_style_map():
    assert Selector.from_map({}) is None
    assert Selector.from_map({"app": "web"}).matches({"app": "web", "x": "y"})
    assert Selector.from_map({"app": 3}) is None  # mistyped values are dropped, leaving no selector
