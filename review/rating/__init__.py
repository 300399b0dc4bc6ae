"""The speaker's side: making campaigns, the roster of speakers, each speaker's sequence, recording answers, the session, paper forms and practice."""
