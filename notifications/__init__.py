"""Notifications: the bell and its unread count, the notification list, which events
email each user, and the unsubscribe link every notification email carries.

``kinds`` declares every kind; ``events`` decides who hears about what (other apps'
services call it); ``services`` is the only writer; ``tasks`` sends the emails.
"""
