"""The words a player reads: every sentence about an event, a prompt, a refusal, a choice,
a tile or a network happening is made here from structured data (a kind and its fields,
or a rule id and its fields), in one place, so that a second language is a second set of
sentences rather than a hunt through the front ends.
"""
