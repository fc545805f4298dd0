"""`rulesbot chat`: piped through CliRunner (fake embedder), and in a real pseudo-terminal
with the real model (prompt_toolkit, Thai input, Ctrl-D and Ctrl-C)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from rulesbot.cli import app

runner = CliRunner()


def chat(lines: bytes):
    return runner.invoke(app, ["chat", "--model", "fake"], input=lines)


def test_piped_session_follows_a_reference_and_goes_back(fake_index: Path):
    script = b"law 64 1991\nlaw 81 1991\nback\nrefs\nquit\nlaw 1 1912\n"
    result = chat(script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    first = out.index("1991 · Law 64 — Procedure after Establishment of a Revoke")
    opened = out.index("1991 · Law 81 — The Director", first)
    again = out.index("1991 · Law 64 — Procedure after Establishment of a Revoke", opened)
    tree = out.index("1991 · Law 64 — Procedure after Establishment of a Revoke\n├── Cites", again)
    assert first < opened < again < tree
    assert "1912 · Law 1 —" not in out  # nothing runs after quit


def test_questions_commands_and_code_filter(fake_index: Path):
    script = "code 1991\n藏牌的罚则是什么\ndefine dummy\ncompare revoke\npenalty revoke\nhelp\n"
    result = chat(script.encode())
    out = result.stdout
    assert result.exit_code == 0, result.output
    assert "searching 1991" in out and CODE_1912 not in out.split("define dummy")[0]
    assert "Compare: Revoke (failure to follow suit)" in out
    assert "Summary of Penalties" in out and "law N [CODE]" in out


CODE_1912 = "Laws of Auction Bridge, Whist Club of New York (1912)\n───"


def test_bad_lines_are_one_error_each_and_the_session_goes_on(fake_index: Path):
    bad = [b"\xff\xfe", b"   ", b"x" * 100_000, b"law 120 1912", b"revoke\x1b[2J", b"back"]
    bad += [b"code 1800", b"define", b"refs", b"compare"]
    result = chat(b"\n".join([*bad, b"law 84 1912", b""]))
    assert result.exit_code == 0, result.output
    errors = result.stderr.splitlines()
    assert len(errors) == len(bad) - 1 and all(e.startswith("error: ") for e in errors)
    assert "not valid UTF-8" in errors[0] and "no law 120 in code 1912" in errors[2]
    assert "Traceback" not in result.output
    assert "1912 · Law 84 — Penalty for a revoke" in result.stdout  # still answering


# A real terminal: prompt_toolkit reads the keys, rich writes the answers.
PROMPT = "rulesbot>"  # prompt_toolkit draws the space after it as a cursor move


LAW_64 = "1991 · Law 64 — Procedure after Establishment of a Revoke"


def expect_all(child, texts: list[str]) -> None:
    """Each text appears, in whatever order."""
    left = list(texts)
    while left:
        left.pop(child.expect_exact(left))


def leaves_cleanly(child, leave) -> None:
    """After `leave()`, the session ends by itself with exit 0 and no traceback."""
    leave()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")


@pytest.fixture
def terminal(model_index_dir: Path, tmp_path: Path):
    env = {
        **os.environ,
        "RULESBOT_INDEX_DIR": str(model_index_dir),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "TERM": "xterm-256color",
        "NO_COLOR": "1",
    }
    env.pop("TERMINAL_WIDTH", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "rulesbot", "chat"],
        env=env,
        encoding="utf-8",
        dimensions=(50, 120),
        timeout=120,
    )
    child.expect_exact(PROMPT)
    yield child
    child.close(force=True)


def test_pty_question_reference_back_and_quit(terminal, tmp_path: Path):
    terminal.sendline("what is the penalty for a revoke")
    expect_all(terminal, [LAW_64, "1912 · Law 84 — Penalty for a revoke"])  # either code first
    terminal.expect_exact(PROMPT)
    terminal.sendline("law 81 1991")  # Law 64 says: see Law 81
    terminal.expect_exact("1991 · Law 81 — The Director")
    terminal.expect_exact(PROMPT)
    terminal.sendline("back")
    terminal.expect_exact(LAW_64)
    terminal.expect_exact(PROMPT)
    terminal.sendline("law 999 1912")
    terminal.expect_exact("error: no law 999 in code 1912")
    terminal.expect_exact(PROMPT)
    leaves_cleanly(terminal, lambda: terminal.sendline("quit"))
    history = (tmp_path / "state" / "rulesbot" / "history").read_text("utf-8")
    assert "+law 81 1991" in history


def test_pty_thai_and_chinese_input_and_ctrl_d(terminal):
    terminal.sendline("โทษของการเล่นผิดชุด")
    terminal.expect_exact("1912 · Law 84 — Penalty for a revoke")
    terminal.expect_exact(PROMPT)
    terminal.send("第64条")
    terminal.send("\x7f\x7f")  # backspace over 条 and 4: editing wide characters
    terminal.sendline("3条")
    terminal.expect_exact("1991 · Law 63 —")
    terminal.expect_exact(PROMPT)
    leaves_cleanly(terminal, lambda: terminal.sendcontrol("d"))


def test_pty_ctrl_c_leaves_cleanly(terminal):
    leaves_cleanly(terminal, lambda: terminal.sendcontrol("c"))
