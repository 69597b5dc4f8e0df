return tools.everything.ehco
