"""A PostgreSQL server of the browser tests' own: `initdb` into a temporary directory, listening on a free
loopback port with its socket in that directory, never the system's server. As root it runs as the
`petri-pg` user that `make deps` creates (PostgreSQL refuses to run as root), as the Swift tests' does."""

import glob
import os
import shutil
import socket
import subprocess
import tempfile

SYSTEM_USER = "petri-pg"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    if initdb:
        return os.path.dirname(initdb)
    raise RuntimeError("PostgreSQL is not installed (no initdb found): run `make deps`.")


class PrivatePostgres:
    def __init__(self):
        self.bin = _binaries()
        self.run_as = SYSTEM_USER if os.getuid() == 0 else None
        self.directory = tempfile.mkdtemp(prefix="petri-browser-pg-")
        if self.run_as:
            import pwd
            user = pwd.getpwnam(self.run_as)  # KeyError: run `make deps`
            os.chown(self.directory, user.pw_uid, user.pw_gid)
        self.port = free_port()
        self.databases = 0
        self._run("initdb", "-D", f"{self.directory}/data", "-U", "petri", "-A", "trust", "-E", "UTF8",
                  "--no-instructions", "-N")
        with open(f"{self.directory}/data/postgresql.conf", "a") as conf:
            conf.write(f"listen_addresses = '127.0.0.1'\nport = {self.port}\n"
                       f"unix_socket_directories = '{self.directory}'\nmax_connections = 100\n"
                       "shared_buffers = 32MB\nlogging_collector = off\n")
        self._run("pg_ctl", "-D", f"{self.directory}/data", "-w", "-l", f"{self.directory}/server.log", "start")

    def _run(self, program, *arguments):
        command = [f"{self.bin}/{program}", *arguments]
        if self.run_as:
            command = ["/usr/sbin/runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(command, cwd="/", capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()}")

    def create_database(self):
        """A new empty database; its URL."""
        self.databases += 1
        name = f"browser_{self.databases}"
        self._run("createdb", "-h", self.directory, "-p", str(self.port), "-U", "petri", name)
        return f"postgres://petri@127.0.0.1:{self.port}/{name}"

    def stop(self):
        try:
            self._run("pg_ctl", "-D", f"{self.directory}/data", "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
