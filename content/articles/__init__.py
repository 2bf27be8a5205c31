"""Knowledge-base articles: the import, their versions, and their API."""
