"""A throwaway PostgreSQL server for the tests: Debian's ``postgresql`` binaries, a new
cluster in a temporary folder, listening on a free loopback port (no other client can reach
it; trust authentication on 127.0.0.1 only), stopped and deleted at the end.

``scripts/test.sh`` installs the package; the ``postgres_url`` fixture (the root conftest.py)
starts one server per test session. When ``RULES_LAB_TEST_POSTGRES_URL`` is set, that
server is used instead. As root (CI), the cluster runs as the ``postgres`` user (PostgreSQL
refuses to run as root).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

ENV = "RULES_LAB_TEST_POSTGRES_URL"


def pg_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<n>/bin`` with ``pg_ctl`` (``None``: not installed)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parent.parent.name))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    def __init__(self) -> None:
        self.dir: Path | None = None
        self.port = 0
        self.url = ""
        self._as: list[str] = []

    def _run(self, *args: str, timeout: float = 120) -> None:
        subprocess.run([*self._as, *args], check=True, timeout=timeout,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

    def start(self) -> PostgresServer:
        binaries = pg_bin()
        if binaries is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql; "
                               "scripts/test.sh does it)")
        self.dir = Path(tempfile.mkdtemp(prefix="rules-lab-pg-"))
        data, sock = self.dir / "data", self.dir / "sock"
        sock.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            shutil.chown(sock, "postgres", "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]
        self._run(str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--no-sync")
        for attempt in range(3):
            self.port = _free_port()
            try:
                self._run(str(binaries / "pg_ctl"), "-D", str(data), "-w", "-t", "60",
                          "-l", str(self.dir / "log"), "-o",
                          f"-p {self.port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off",
                          "start")
                break
            except subprocess.CalledProcessError:
                if attempt == 2:
                    log = (self.dir / "log").read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"PostgreSQL did not start: {log}") from None
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        return self

    def stop(self) -> None:
        binaries = pg_bin()
        if self.dir is not None and binaries is not None and (self.dir / "data").exists():
            try:
                self._run(str(binaries / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast",
                          "-w", "stop", timeout=60)
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
                pass
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


def fresh_database(url: str, name: str) -> str:
    """Create (again) database ``name`` on the server of ``url``; returns its URL."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + f"/{name}"
