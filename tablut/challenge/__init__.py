"""A client for the Tablut Challenge, the University of Bologna's yearly contest of Tablut
programs, whose referee is a Java server (AGalassi/TablutCompetition) playing the Ashton
rules (:data:`tablut.rules.ASHTON`).

``python -m tablut challenge white|black`` connects to the server, plays one game with the
computer player and prints every move and the result.  :mod:`.protocol` is what goes over
the connection, :mod:`.client` the game loop and the command.
"""
