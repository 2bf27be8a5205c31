"""OpenTelemetry traces in: OTLP decoding, the span-to-interaction mapping, assembly."""
