from django.http import HttpResponse


def odds(request):
    return HttpResponse("todo")
