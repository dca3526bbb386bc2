"""Ray, for the work that may run on a cluster: simulation runs (`headframe simulate --ray`)
and bots' searches (`headframe bots --ray`). Ray is the distributed extra's, imported only here."""

from __future__ import annotations

from types import ModuleType

from headframe.engine import HeadframeError


class ClusterError(HeadframeError):
    """Ray is not installed, or its cluster cannot be reached."""


def connect(address: str) -> ModuleType:
    """Ray, connected to the cluster at `address` (`auto`, `HOST:PORT`, `ray://HOST:PORT`;
    `local`: a cluster of this machine's own, started here) unless this process already is."""
    try:
        import ray
    except ImportError:
        raise ClusterError("--ray needs the distributed extra: pip install 'headframe[distributed]'") from None
    if not ray.is_initialized():
        try:
            ray.init(address=None if address == "local" else address, include_dashboard=False, log_to_driver=False)
        except ConnectionError as error:
            raise ClusterError(f"no Ray cluster at {address}: {error}") from None
    return ray
