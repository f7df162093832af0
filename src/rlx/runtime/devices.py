"""The device registry and the capabilities a device advertises before compiling."""

from __future__ import annotations

import dataclasses
import importlib

from rlx.backends.base import Backend, ExecutableCapabilities
from rlx.backends.cpu import isa
from rlx.errors import DeviceError

# Each backend's module is imported the first time the device is used: the cpu backend
# (its kernel generators) is most of the cost of ``import rlx`` otherwise.
_BACKENDS: dict[str, tuple[str, str]] = {
    "reference": ("rlx.backends.reference.backend", "ReferenceBackend"),
    "cpu": ("rlx.backends.cpu.backend", "CpuBackend"),
    "wgpu": ("rlx.backends.wgpu.backend", "WgpuBackend"),
}


def backend_class(device: str) -> type[Backend]:
    """The Backend class of ``device``; DeviceError when it is not a known device."""
    if not isinstance(device, str) or device not in _BACKENDS:
        raise DeviceError(f"unknown device {device!r}; known devices: "
                          f"{', '.join(_BACKENDS)}")
    module, name = _BACKENDS[device]
    return getattr(importlib.import_module(module), name)


def known_devices() -> list[str]:
    return list(_BACKENDS)


def get_backend(device: str) -> Backend:
    """The backend for ``device``; DeviceError when unknown or unavailable here."""
    backend = backend_class(device)()
    ok, why = backend.available()
    if not ok:
        raise DeviceError(f"device {device!r} is not available on this machine: {why}")
    return backend


def available_devices() -> list[str]:
    """Devices this machine can compile for and run."""
    return [name for name in _BACKENDS if backend_class(name)().available()[0]]


def advisory_capabilities(device: str) -> ExecutableCapabilities:
    """What executables on ``device`` are expected to support, before compiling: its
    backend's declared ``capabilities`` (on cpu with the ISA tier a compile would target
    now: ``RLX_CPU_ISA`` or the host's). DeviceError when ``device`` is not known."""
    declared = backend_class(device).capabilities
    if device == "cpu":
        return dataclasses.replace(declared, isa=isa.resolve_tier())
    return declared
