"""A broken library file is reported with its path and the field at fault."""

import shutil
from pathlib import Path

import pytest

from kubegap.errors import LibraryError
from kubegap.library import load
from kubegap.library.load import load_from

DATA = Path(load.__file__).parent / "data"


@pytest.fixture
def data(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def _first_case(data):
    return min((data / "cases").glob("*.yaml"))


def test_missing_field_names_file_and_field(data):
    path = _first_case(data)
    path.write_text(path.read_text().replace("\nsummary:", "\nsumary:"))
    with pytest.raises(LibraryError) as error:
        load_from(data)
    assert str(path) in str(error.value) and "summary" in str(error.value)


def test_unknown_tag_is_rejected(data):
    path = _first_case(data)
    text = path.read_text()
    path.write_text(text.replace("root_cause: [", "root_cause: [no-such/term, ", 1))
    with pytest.raises(LibraryError, match="unknown term 'no-such/term'"):
        load_from(data)


def test_http_source_is_rejected(data):
    path = _first_case(data)
    path.write_text(path.read_text().replace("url: https://", "url: http://", 1))
    with pytest.raises(LibraryError, match="https"):
        load_from(data)


def test_id_must_match_file_name(data):
    path = _first_case(data)
    path.rename(path.with_name("renamed.yaml"))
    with pytest.raises(LibraryError, match="does not match the file name"):
        load_from(data)
