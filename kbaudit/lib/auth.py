"""Login throttling: django-axes in front of the model backend."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check for every log-in that comes with a request (the login
    page passes it); a call without one (a management shell, the test client's
    ``login()``) has no address to count against and goes straight to the next backend."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
