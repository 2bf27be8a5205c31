"""The Brightcart demo: a help centre and six months of chatbot logs to audit.

Call :func:`demo.generate.demo_generate` (or ``python -m demo``) to write
the articles, interactions, late feedback, two offline replays and ``planted.json``, the
manifest of every planted failure. Nothing here touches Django; the import commands do.
"""
