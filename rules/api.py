from rest_framework.views import APIView


class DuelOddsView(APIView):
    pass
