"""Device entry point: the board file sets up the hardware, the App does the rest."""
import board
from app import App

App(board.Board()).boot().run()
