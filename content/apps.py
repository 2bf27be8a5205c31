from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "content"
    verbose_name = "Content"

    def ready(self) -> None:
        from content import receivers  # noqa: F401  (connects the signal receivers)
