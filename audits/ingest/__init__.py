"""Reading chatbot logs (SPEC §2) into interactions, from files or the API."""
