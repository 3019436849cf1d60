"""Entry point: ``python -m host_sim [sim options] | score FILE.json | plays [FOLDER | --device]``."""
import sys


def main(argv):
    if argv and argv[0] == "score":
        from host_sim import score

        return score.main(argv[1:])
    if argv and argv[0] == "plays":
        from host_sim import bgstats

        return bgstats.main(argv[1:])
    from host_sim import sim

    return sim.main(argv)


sys.exit(main(sys.argv[1:]))
