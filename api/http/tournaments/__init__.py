"""Tournaments between scripts: the pure core (schedules, standings, SPRT), tested without Redis or HTTP."""
