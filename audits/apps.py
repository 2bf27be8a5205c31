from django.apps import AppConfig


class AuditsConfig(AppConfig):
    name = "audits"
    verbose_name = "Audits"

    def ready(self) -> None:
        from audits import receivers  # noqa: F401  (connects the signal receivers)
