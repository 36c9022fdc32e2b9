"""The tournaments' use cases: the host's and entrants' commands, the director that records outcomes and
starts matches, an entrant's next match, and the views of a tournament. The rules (schedules,
standings, the SPRT, the record and its transitions) are the domain's (``arena/tournaments/``)."""
