"""What a piece of text does in the conversation: greet, thank, redirect, refuse, ask, inform.

Only informing counts as a fact. A redirect ("contact our support team") and an
admission ("I don't have information about that") are kept apart because the rubric
treats an answer made only of them as having no content, however polite it is.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from .tokens import (
    content_stems,
    normalise,
    split_sentences,
    stem,
    word_list,
    word_start_regex,
    words,
)

_GREETING_RE = re.compile(
    r"^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)|dear\b"
    r"|(?:morning|afternoon|evening)(?=\s*[!,.]|$)"
    r"|welcome(?: to| back)?)\b",
    re.IGNORECASE,
)
_PLEASANTRY_RE = word_start_regex(
    r"\b(?:happy|glad|pleased) to (?:help|assist)|\bhope (?:this|that|it) helps"
    r"|\blet (?:me|us) know if|\bfeel free to|\banything else\b|\bthanks? (?:you )?for"
    r"|\bthank you\b|\bthanks\b|\byou'?re welcome(?! to\b)|\bmy pleasure|\bno problem"
    r"|\b(?:great|good|excellent) question|^(?:so |very |really )?sorry\b|\bapologies\b|\bhave a (?:great|nice|good|lovely|wonderful)"
    r"|\bsorry (?:to hear|for the (?:inconvenience|trouble|wait|delay))|\bi understand\b"
    r"|\b(?:glad|happy) you asked\b|\bthat'?s (?:all|about all) there is to it\b|\bsimple as that\b"
    # Sympathy with the customer's own case: "sorry your food was late, that's really
    # frustrating".
    r"|\b(?:that'?s|that is|how) (?:really |so |very )?(?:frustrating|annoying|disappointing"
    r"|upsetting|stressful|a (?:real |right |bit of a |total )?(?:shame|pain|nuisance|hassle))\b"
    # Regret at the customer's news: "Oh no, that's not what we want to hear!"
    r"|\bnot what (?:we|you|i) (?:want|wanted|like|were hoping|like) to (?:hear|see)\b"
    r"|\bi'?d be happy to|\blet me (?:check|look|see|help|explain)"
    r"|\b(?:will|'ll|would) be (?:able|happy|glad|pleased) to (?:help|assist|go through|talk|explain|walk)"
    r"|\b(?:look|looking) into (?:this|that|it)\b|\bhere to help|\bhappy shopping|^enjoy\b|\benjoy (?:your|the rest)\b|\bi apologi[sz]e"
    # "Take care!" bids goodbye; "the landlord will take care of it" says who does what.
    r"|\bsafe travels\b|\bstay safe\b|\btake care\b(?!\s+(?:of|to|that)\b)|\bbon voyage\b"
    r"|\bbest wishes\b|\bhave a safe\b|^merry [\w-]+\b|\bsorry to see you (?:go|leave)\b"
    # The bot's gladness to be asked: "I'm glad you reached out.", "That's what I'm here for!"
    r"|\bglad you (?:reached out|got in touch|contacted us|came to us|asked)\b"
    r"|\bthat'?s what (?:i'?m|we'?re|i am|we are) here for\b|\bit'?s (?:my|our) (?:job|pleasure) to help\b"
    r"|\bi hope (?:you|your|this|that|it|everything)\b|\bhope you\b|\bfingers crossed\b"
    r"|\b(?:good|best of) luck\b|\bwishing you\b|\ball the best\b"
    # Remarks about the question itself: "this one comes up a lot".
    r"|^(?:this|that|it)(?: one|'s one| question| is one)? (?:comes up|gets asked|we hear)\b"
    r"|\b(?:a|one) (?:very )?(?:common|popular|frequent) question\b"
    r"|\byou'?re not the (?:first|only) (?:one )?to ask\b|\byou'?re not alone\b"
    r"|\bone (?:we|i) (?:get|hear|see)(?: asked)? (?:a lot|often|quite often|all the time)\b",
    "'abefghilmnoprstvwy",
    re.IGNORECASE,
)
_SHORT_ACK_RE = re.compile(
    r"^(?:sure|of course|certainly|absolutely|great|okay|ok|alright|got it|no worries"
    r"|understood|perfect|wonderful|awesome|cool|nice|oh|wow|ah|i see|indeed|right)\b",
    re.IGNORECASE,
)
# "Great Britain", "Nice Airport": a word of acknowledgement opening a name.
_NAME_START_RE = re.compile(r"^[A-Z][a-z]+ [A-Z][a-z]")
_REFUSAL_RE = word_start_regex(
    r"\bi (?:do not|don't|dont) (?:have|know|see)\b|\bi'?m not (?:sure|certain|aware|able)"
    r"|\bi am not (?:sure|certain|aware|able)|\bi (?:couldn't|could not|can't|can not|cannot"
    r"|wasn't able to|was not able to|am unable to|'m unable to) (?:find|locate|see|help|answer"
    # "I can't recommend solicitors", "I can't advise on tax", "I can't book lessons": a
    # service declined.
    r"|provide|say|tell|confirm|give|check|quote|recommend|advise|suggest|comment|assist"
    r"|book|reserve|arrange|schedule|access|discuss|share|view|change|process|issue)"
    # The bot not following the customer: "Sorry, I didn't quite catch that."
    r"|\bi (?:didn't|did not|don't|do not) (?:quite )?(?:catch|understand|follow)\b(?! why\b)"
    r"|\bi (?:didn't|did not) (?:quite )?get (?:that|you)\b"
    r"|\bunable to (?:find|help|answer|provide|look up|check|access|see|view)|\bno (?:information|details|data|record)"
    r" (?:about|on|regarding|for)|\b(?:doesn't|does not|don't|do not) (?:say|mention|specify"
    r"|cover (?:that|this|it)\b|go into (?:that|this|it)\b)"
    r"|\bnot (?:covered|mentioned|specified|included) in (?:the|our|my)"
    r"|\b(?:outside|beyond) (?:of )?(?:my|the|what i|our) (?:scope|knowledge|expertise|can)"
    r"|\bi can only (?:help|assist|answer)|\bi only (?:help|assist|answer)|\bi'?m sorry,? but i"
    r"|\bi'?m not the right (?:assistant|bot|place|person)"
    r"|\b(?:isn't|is not|aren't|are not) available to me\b"
    r"|\bnot something (?:i|we)(?: can|'m able to| am able to| are able to|'re able to)"
    r" (?:help|do|assist|answer|advise)"
    r"|\bi'?m afraid i|\bi couldn'?t find|\bcouldn'?t find (?:that|any|this)",
    "abcdinou",
    re.IGNORECASE,
)
_REDIRECT_RE = word_start_regex(
    r"\b(?:contact|reach out to|get(?:ting)? in touch with|call|phone|email|e-mail|message|chat with"
    r"|speak(?:ing)? (?:to|with)|talk(?:ing)? (?:to|with)) (?:us|our|the|a|an|customer|support"
    r"|your|reception|staff|front desk)\b"
    r"|\b(?:contact|reach|call|email) (?:[\w-]+ ){0,2}(?:support|team|service|care|desk"
    r"|department|agents?|representatives?)\b"
    r"|\breach (?:them|us)\b|\bget(?:ting)? in touch\b|\bcontact form\b"
    # "Head to our Contact page and choose Billing."
    r"|\b(?:head|go) (?:over )?to (?:our|the) (?:contact|support|help) (?:us )?(?:page|form)\b"
    # "Our Community Forum is a great place to ask."
    r"|\b(?:our|the) (?:[\w-]+ ){1,3}(?:is|are) (?:a |the )?(?:great|good|best|right) place (?:to|for)"
    r" (?:ask|start|look|find out|get help|questions)\b"
    # "Give the boathouse a call", "drop us a line": a call or a note to someone else.
    # An open offer to hear from the customer again ("give us a shout if you need
    # anything", "drop us a line any time") is a courtesy, not a pointer.
    r"|\bgive (?:us|them|(?:the|our|your|a|an|any) (?:[\w'-]+ ){0,2}?[\w'-]+) a (?:call|ring"
    r"|bell|shout|buzz)\b(?!,? (?:if you (?:need|have|want) any(?:thing)?|any ?time|whenever)\b)"
    r"|\bdrop (?:us|them|(?:the|our|your) (?:[\w'-]+ ){0,2}?[\w'-]+)"
    r" (?:a line|a note|an e-?mail|a message)\b(?!,? (?:if you (?:need|have|want) any(?:thing)?"
    r"|any ?time|whenever)\b)"
    r"|\b(?:please )?(?:ask|consult|see|speak to|talk to) (?:a|an|your) (?:[\w-]+ )?(?:pharmacist"
    r"|doctor|lawyer|adviser|advisor|professional|expert|specialist|accountant|bank)\b"
    # "Please ask in the shop", "ask at reception": a pointer to staff elsewhere.
    r"|\b(?:please )?(?:ask|enquire|check) (?:in|at) (?:(?:the|our|your|any|a) )?(?:[\w-]+ )?(?:shop"
    r"|store|branch|office|desk|reception|counter)\b"
    r"|\b(?:pharmacist|doctor|lawyer|adviser|advisor|advice service|professional|expert|specialist"
    r"|accountant) (?:can|will|could|should) (?:explain|tell|advise|help|answer)"
    r"|\b(?:check|visit|see|consult|refer to|browse) (?:out )?(?:our|the) (?:[\w-]+ )?(?:website|site|web"
    r" ?site|help ?cent(?:er|re)|faq|faqs|help pages?|support pages?|documentation|terms)"
    r"|\bour (?:support|customer (?:service|care|support)|service) team (?:will|can|is)"
    # "Our smart meter team will be able to tell you more."
    r"|\bour (?:[\w-]+ ){0,2}(?:team|agents?|advisers?|advisors?|staff|colleagues|department)"
    r" (?:will|can|could|would) (?:be (?:able|happy|glad) to )?(?:tell|help|explain|advise|answer"
    r"|assist|go through)(?: (?:you|it|this|that))*(?: (?:more|further|with (?:you|it|this|that)"
    r"|in (?:more )?detail))?\s*[.!]*$"
    # What staff will do for the customer when asked, with no value of its own: "Our
    # events team can go through your contract with you", "Our team can check which
    # dates are free", "The bookings team will confirm whether it's possible".
    r"|^(?:(?:and|but|so),? )?(?:our|the|your) (?:[\w-]+ ){0,2}(?:team|agents?|advisers?|advisors?"
    r"|staff|colleagues|department|coordinators?|planners?|front desk|reception|receptionists?"
    r"|stylists?|coach(?:es)?|instructors?|therapists?)"
    r" (?:will|can|could|would|'ll|are happy to|will be happy to|can always)"
    r" (?:be (?:able|happy|glad) to )?(?:go through|talk you through|walk you through|explain"
    r"|confirm|discuss|advise(?: you)? on|check (?:which|whether|if|what|when|how|availability)"
    r"|let you know (?:which|whether|if|what|when|how)|sort (?:this|that|it) out|be in touch)\b[^\d]*$"
    # "You can find everything about warranties on our Warranty page", "See our Returns
    # article for details", "Full details are in the Billing section of our help centre":
    # a pointer to a page, not what the page says.
    r"|\b(?:find|get|read) (?:out )?(?:everything|more|all|details|information|the details"
    r"|full details|further details)\b[^.]{0,60}?\b(?:on|in|at) (?:our|the) (?:[\w-]+ ){0,3}"
    r"(?:page|article|guide|section|help ?cent(?:er|re)|website|site|faqs?)\b"
    r"|\b(?:see|check|visit|read|look at) (?:our|the) (?:[\w-]+ ){0,3}(?:page|article|guide"
    r"|section)\b(?! (?:says|shows|lists|explains that))"
    r"|\b(?:full |further |more )?(?:details|information|everything) (?:about [^.]{1,40}? )?"
    r"(?:is|are|can be found) (?:on|in) (?:our|the) (?:[\w-]+ ){0,3}(?:page|article|guide"
    r"|section|help ?cent(?:er|re)|website|site)\b",
    "abcdefghilmoprstvy",
    re.IGNORECASE,
)
# A pointer by its shape: a directive to ask or contact someone ("Best thing is to ask
# the team when you drop it off - they'll let you know!", "You'll want to check with
# your branch manager"), perhaps with when to do it and a promise that they will help,
# and nothing else: no value, no rule, no step of the service itself.
_POINTER_LEAD = (
    r"(?:(?:the )?best (?:thing|way|bet|option) (?:is|would be|'s) (?:just )?to "
    r"|it'?s (?:best|easiest) to |you'?d (?:best|better) |i'?d (?:just )?"
    r"|you(?: should| could| can| may want to| might want to|'ll want to| will want to"
    r"|'ll need to| will need to| need to|'d want to) "
    r"|(?:we|i)(?:'d| would)? (?:recommend|suggest)(?: that)?(?: you)? |(?:it'?s |it is )?best to "
    r"|(?:you could |you might |you can )?try "
    r"|feel free to |(?:just |simply )?(?:pop|drop|come|call) (?:in|into|by|round)[^.,!]{0,30}?"
    r" and )?"
)
# How every pointer opens: a joining word, a lead-in, a softener, all optional.
_POINTER_START = (
    rf"^(?:(?:so|but|and|otherwise|alternatively),? )?{_POINTER_LEAD}(?:please |just |simply )?"
)
_POINTER_RE = re.compile(
    _POINTER_START
    + r"(?:ask|contact|phone|ring|e-?mail|message|speak (?:to|with)|talk (?:to|with)|chat (?:to"
    r"|with)|check with|enquire with|get in touch with|reach out to"
    r"|asking|contacting|phoning|ringing|e-?mailing|messaging|speaking (?:to|with)|talking (?:to"
    r"|with)|checking with|enquiring with|getting in touch with|reaching out to)"
    # whom: a pronoun, or a short noun phrase opened by a determiner
    r" (?:us|them|someone|somebody|(?:(?:one|a member) of )?(?:the|our|your|a|an|any)"
    r"(?: [\w'-]+){1,3})"
    # when, where or what for: no clause of its own
    r"(?: (?:when|before|after|once|while|if|at|in|about|for) [^.!,;]{1,40}?)?"
    # a promise that they will help
    r"(?:(?: -|,| and| as| who| since) (?:they|who|we|staff|someone|the team)(?:'ll| will| can"
    r"| could| would| are| 'll)[^.!]{0,50}?)?[.!]*$",
    re.IGNORECASE,
)


# ... or at somewhere to go to be told: "bring yours into any branch for a quote".
_VISIT_POINTER_RE = re.compile(
    _POINTER_START + r"(?:bring|take|pop|drop|come)(?: (?:it|them|yours|one|that|this))?(?: back)?"
    r" (?:in|into|to|by|round to) (?:the|our|your|any|a|an|one of our)(?: [\w'-]+){1,3}"
    r" (?:for|to get) (?:a quote|a price|advice|help|a chat|more (?:information|details))[.!]*$",
    re.IGNORECASE,
)


# ... or at the customer's own papers: "You may want to check your tenancy agreement."
_PAPERS_POINTER_RE = re.compile(
    _POINTER_START
    + r"(?:check|read|look at|have a look at|look through|refer to|consult|go through)"
    r" (?:your|the terms of your)(?: [\w'-]+){0,2}? (?:agreement|contract|lease|paperwork"
    r"|documents|policy documents|policy wording|terms(?: and conditions)?|booking confirmation"
    r"|confirmation e-?mail)(?: (?:for|about|on) [^.!,;]{1,40}?)?[.!]*$",
    re.IGNORECASE,
)


# Someone who will say more, and nothing said: "Your local branch will be able to tell
# you more.", "They'll be happy to advise." The open ending carries the pointer; "The
# pharmacist can advise on doses for children" names what they advise on.
_TELLS_MORE_RE = re.compile(
    r"^(?:(?:so|but|and),? )?(?:they|someone|(?:the|your|our|a|an|any) (?:[\w'-]+ ){0,3}?[\w'-]+)"
    r"(?: (?:will|can|could|should|would|may)|'ll)(?: (?:be (?:able|happy|glad|best placed) to|always))?"
    r" (?:tell you more|help(?: you)?(?: further| with (?:this|that|it))?|advise(?: you)?"
    r"|explain(?: (?:more|further|the options))?|answer (?:any|your) questions|give you (?:more|further)"
    r" (?:details|information|advice)|point you in the right direction)[.!]*$",
    re.IGNORECASE,
)


# The bot handing the case to people ("I'll pass this on to the team", "Let me connect
# you with an agent", "A member of our team will be in touch shortly"): a redirect by
# another road, nothing answered.
_HANDOVER_RE = re.compile(
    r"^(?:(?:ok(?:ay)?|right|so|sure),? )?(?:(?:i|we)(?:'ll| will|'ve| have|'m going to| am going to)?|let me|let us)"
    r" (?:just )?(?:pass(?:ed)?|forward(?:ed)?|escalat(?:e|ed)|refer(?:red)?|hand(?:ed)?|connect(?:ed)?"
    r"|transfer(?:red)?|put you through|rais(?:e|ed)|log(?:ged)?|creat(?:e|ed)|open(?:ed)?|flag(?:ged)?)"
    r"\b[^.!?\d]{0,50}?\b(?:team|agents?|colleagues?|specialists?|someone|advis[eo]rs?|humans?"
    r"|person|department|staff|ticket|case|request|complaint)\b[^.!?\d]*[.!…]*$"
    # "I'll pass you to the office if you'd like to rebook": handed to a place.
    r"|^(?:(?:ok(?:ay)?|right|so|sure),? )?(?:(?:i|we)(?:'ll| will|'m going to| am going to)?|let me)"
    r" (?:just )?(?:pass|forward|refer|hand|connect|transfer|put) (?:you|this|it|your \w+)"
    r"(?: (?:on|over|back|through))? (?:to|with) (?:the |our )?(?:[\w-]+ )?(?:office|reception|desk"
    r"|helpdesk|support|customer services?|bookings)\b[^.!?\d]*[.!…]*$"
    r"|^(?:(?:i'?m|we'?re) )?(?:transferring|connecting|putting) you (?:now|through|to)\b[^.!?\d]*[.!…]*$"
    r"|^(?:(?:a member of |one of |someone (?:from|in) )?(?:our|the) (?:[\w-]+ ){0,2}(?:team|agents?"
    r"|colleagues|staff|advis[eo]rs?)|someone|an? (?:agent|adviser|advisor|colleague))"
    r" (?:will|'ll|should|can) (?:be in touch|get back to you|contact you|call you|reply|pick this up"
    r"|reach out(?: to you)?"
    r"|follow up)(?: (?:shortly|soon|as soon as (?:possible|they can)|with you))*[.!]*$"
    r"|^(?:please |you can |just )?(?:raise|open|submit|log|create) (?:a|an) (?:[\w-]+ )?(?:ticket|request"
    r"|case)(?: (?:with|through|via|on|from) [^.!?\d]*)?[.!]*$"
    # "Pop into any branch and a colleague will help."
    r"|^(?:just )?(?:pop|come|drop|call) (?:in|into|by|round)(?: to)? (?:the|our|your|any|a|an|one of our)"
    r"(?: [\w'-]+){1,3} and (?:a|one of our|our|the) (?:[\w-]+ )?(?:colleagues?|staff|team|member of staff"
    r"|advis[eo]rs?|someone) (?:will|can|'ll) (?:help|advise|explain|sort (?:it|this|that) out)[^.!?\d]*[.!]*$",
    re.IGNORECASE,
)
# A lead-in to what follows: "Here are the steps:", "Sure! Here's how:", "See below."
_LEAD_IN_RE = re.compile(
    r"^(?:(?:sure|ok(?:ay)?|yes|right|of course|certainly)\W+)?(?:here(?:'s| is| are| you go)\b[^.!?\d]*:"
    r"|here you go[.!]*|(?:details|more) below[.!:]*|(?:see(?: the (?:steps|details|options|list|table|links?))?|details are"
    r"|(?:the|my) (?:steps|details|options|answer) (?:are|is)) below"
    r"(?: for (?:details|more|the steps))?[.!:]*)$",
    re.IGNORECASE,
)


def is_pointer(text: str) -> bool:
    """The piece only points the customer at someone to ask: no value in it."""
    clean = " ".join((text or "").replace("\u2014", "-").split())
    if any(char.isdigit() for char in clean):
        return False
    return bool(
        _POINTER_RE.match(clean)
        or _VISIT_POINTER_RE.match(clean)
        or _TELLS_MORE_RE.match(clean)
        or _PAPERS_POINTER_RE.match(clean)
    )


# The bot describing itself or offering help ("I can help with orders and returns",
# "I'm Brightcart's shopping assistant"): talk about the service, not an answer.
_SELF_DESCRIPTION_RE = word_start_regex(
    r"^(?:but |so )?i (?:can|could) (?:only )?(?:help|assist|answer)\b"
    r"|^(?:i'm|i am) (?:[\w'-]+,? ){0,3}(?:assistant|bot|chatbot|virtual agent)\b"
    r"|^(?:i'm|i am) here (?:for|to)\b"
    r"|\bi'?m (?:happy|glad|here) to help\b[.!]*$"
    r"|\bis there anything (?:else )?(?:about|i can)|^anything else (?:i|we) can (?:help|do|assist)\b",
    "abis",
    re.IGNORECASE,
)
# What an answer names as where it comes from: "our Renewals page", "the article above".
_ANSWER_SOURCE = (
    r"(?:articles?|pages?|guides?|sections?|passages?|sources?|documents?|documentation|docs"
    r"|help cent(?:re|er)|faqs?|polic(?:y|ies)|terms|information|info|knowledge base|website"
    r"|site|notes|records|above|below)\b"
)
# Sentences about the answer, the passage or the bot's sources rather than about the
# customer's case ("Based on the information I have, ...", "Here is a short summary:",
# "This answer is based on the article above"): non-claims, in no metric's denominator.
META_OPENER_RE = re.compile(
    r"^(?:(?:right|ok(?:ay)?|alright|so|well|now)\s*[,!-]*\s+)?"
    # Hedges on the bot's own reading: "If I'm reading this right, ...".
    r"(?:(?:if i'?m|if i am) (?:reading|understanding) (?:this|that|it|the [\w-]+|things) (?:right|correctly)"
    r"|if i (?:read|understand) (?:this|that|it|the [\w-]+) (?:right|correctly)"
    r"|as far as (?:i|we) (?:can )?(?:see|tell|know)|from what (?:i|we) (?:can )?(?:tell|read|understand)"
    r"|(?:(?:based|going) (?:on|by)|from) (?:the |my |our |what )?(?:[\w-]+ )?(?:information|info|sources?|documentation"
    r"|docs|articles?|help (?:articles?|cent(?:re|er))|passages?|context|knowledge base|details|I (?:have|found|know|can see)"
    r"|polic(?:y|ies)|terms|rules|guidelines|records|notes)"
    r"(?: (?:i have|i've got|available|provided|i found|i can see|above|below|here|on (?:file|hand)))*"
    r"|according to (?:the |our |my )?(?:[\w-]+ ){0,2}?(?:information|sources?|documentation|docs|articles?"
    r"|passages?|help (?:articles?|cent(?:re|er))|knowledge base|context|pages?|guides?)"
    r"(?: (?:i have|available|provided|above|i found|on (?:this|that|it)))*"
    r"|(?:here is|here's|below is) (?:a |an |the )?(?:short |quick |brief )?(?:summary|overview|answer"
    r"|rundown|breakdown)(?: (?:of|from) [^:,]+)?(?: for you)?|in (?:short|summary|brief)|to (?:summari[sz]e|sum up|answer your question)"
    r"|(?:here(?: is|'s)|this is) what (?:i|we) (?:found|have|know|can see)|(?:based on|from) what (?:i|we) (?:can see|found|have|know)"
    # Signposts before the claim: "Here's what you need to know:", "In a nutshell:".
    r"|here(?: is|'s) (?:what (?:i|we) can tell you|what you need to know|how it works"
    r"|the (?:information|details|info) you (?:asked|were looking|need(?:ed)?) for|the (?:good news|details|short answer|answer|key points))"
    r"|in a nutshell|long story short|(?:to put it|put|simply put|to put it) simply|simply put|just to confirm"
    r"|to be (?:honest|clear|precise)|as (?:mentioned|explained|stated|set out|described) (?:in|on) (?:our|the) [\w -]{1,30}"
    r"|(?:let me|i'll|i will) (?:summari[sz]e|explain|break (?:it|this|that) down|clarify)(?: (?:it|this|that))?(?: for you)?"
    r"|(?:i'?m |i am )?(?:happy|glad|pleased) to (?:clarify|explain|help)"
    r"|(?:some )?(?:good|great) news(?: for you| here)?"
    r"|according to (?:our|the) (?:policy|policies|terms|rules|help centre|help center|website|faq)"
    r"|(?:the|this|that) (?:article|passage|page|source|guide|document|help article)s?(?: (?:i|we) found| above| below)?"
    r" (?:answers|covers|explains|says|confirms|addresses|mentions|states)[^:]{0,40}"
    r"|(?:so|ok(?:ay)?|alright),? (?:to be clear|basically)|(?:great|good|excellent) question"
    r"|(?:that|this)(?: one)? is (?:easy|simple|quick|straightforward) to (?:answer|read|find|check)[^:,]*"
    r"|i(?:'ve| have)? (?:checked|looked at|looked through|read|searched|went through"
    r"|had a (?:look|quick look|read) (?:at|through)) (?:the|our|your|a) (?:[\w-]+ ){0,2}(?:article"
    r"|passage|page|guide|guidance|faq|policy|terms|help cent(?:re|er)|documentation|information)s?"
    r"(?: for you)?)\s*[,:!-]+\s*",
    re.IGNORECASE,
)
# A named source of the answer: "our help centre article on Pet Health Plans".
_ATTRIBUTED = (
    r"(?:the |our |my |this |that )?(?:[\w-]+ ){0,4}?(?:articles?|pages?|guides?|help cent(?:re|er)"
    r"|passages?|sources?|information|documentation|polic(?:y|ies)|faqs?|terms)"
    r"(?: (?:on|about|for) [^,:]{1,40}?)?"
)
# Remarks that introduce the claim after them without a colon ("The passage explains
# that ...", "I can confirm that ...", "It looks like ..."): set aside, the claim kept.
CLAIM_INTRO_RE = re.compile(
    r"^(?:(?:the|this|our) (?:passage|article|source|page|guide|document|help article"
    r"|help cent(?:re|er)|policy|terms)s?(?: above| below| (?:i|we) found)?"
    r" (?:says|states|explains|confirms|mentions|notes|makes (?:it )?clear|is clear(?: on this)?"
    # "The article does say ...", "The page also notes that ...".
    r"|(?:also|does|did|clearly|only|even|further) (?:says?|states?|explains?|confirms?"
    r"|mentions?|notes?))"
    r"(?: that)?"
    r"|(?:i|we) can (?:confirm(?: that)?|tell you that)|just so you know|just to let you know"
    r"|it (?:looks|seems|appears) (?:like|that|as though)|it seems"
    r"|as per (?:our|the|your) [\w -]{1,30}?(?=,)"
    r"|(?:looking at|from) (?:the |our |your )?(?:details|information|info|article|passage|policy"
    r"|help article|page)(?: (?:provided|above|below|(?:in|on|from) (?:the|our) [\w -]{1,30}?))?(?=,)"
    r"|my answer,? in (?:short|brief)"
    # "The good news is that children pay nothing": the claim after the signpost.
    r"|(?:the )?(?:good|great|better) news is(?: that)?"
    # Where the answer comes from, named before it: "According to our help centre article
    # on refunds, ...", "As the Pets page explains, ...", "Here's what the guide says: ...".
    r"|(?:according to|based on|going by|as per|as (?:set out|explained|described|stated) (?:in|on))"
    rf" {_ATTRIBUTED}(?=[,:])"
    rf"|as {_ATTRIBUTED} (?:explains|says|states|notes|mentions|puts it|sets out)(?=[,:])"
    rf"|here(?:'s| is) what {_ATTRIBUTED} (?:says|states|explains|covers)(?=[,:])"
    # Calls to attention before the claim: "Please note that ...", "Good to know: ...".
    r"|(?:please )?note(?:,)? that|please note|(?:please )?(?:remember|keep in mind|bear in mind)"
    r"(?: that|(?=,)|(?! to\b)(?= \w))"
    r"|as a reminder|(?:just )?to recap|(?:good|worth|useful|handy) to know|worth knowing|fyi"
    r"|for your information|(?:one|a) (?:thing|quick note) to (?:note|mention)"
    r"|(?:based on|going by|from) what (?:i|we) (?:can see|can tell|have|found|know)"
    r"(?: (?:in|on|from) [\w -]{1,30}?)?(?=,))"
    r"\s*[,:]?\s+(?=\S)",
    re.IGNORECASE,
)
_META_RE = re.compile(
    # "(Source: Loans and renewals)", "Sources: Returns; Refunds": the answer's sources.
    r"^(?:\(?(?:sources?|references?|citations?)\s*:[^.!?\d]*\)?[.]?$"
    r"|(?:this|my|the above|that) (?:answer|response|reply|summary|information)"
    r" (?:is|was|comes|came|should|covers|summari[sz]es|reflects)\b"
    r"|(?:the|this) (?:passage|article|source|text|context|document)s? (?:above |below )?"
    r"(?:is|are|says?|states?|explains?|describes?|covers?|mentions?|talks?|discusses?|provides?|gives?)\b"
    r"|i (?:hope|trust) (?:this|that|it|my)\b|(?:hopefully|i hope) (?:this|that) (?:answers|clears|helps)"
    r"|(?:the|this|that|our) (?:passage|article|source|page|guide|document|help article)s? (?:doesn't|does not"
    r"|don't|do not) (?:go into|give|go any further|say more|add)\b"
    r"|(?:here is|here's|below is) (?:a |an |the )?(?:short |quick |brief )?(?:summary|overview|answer)\b[^.:]*[:.]?$"
    r"|(?:let me|i'll|i will) (?:summari[sz]e|explain|break (?:it|this) down|walk you through)\b[^.:\d]*[:.!]?$"
    # "This is taken from our Returns article.": where the answer comes from, named as
    # a source ("It comes from two Celtic words" tells where a name comes from).
    r"|(?:please note,? (?:that )?)?(?:this|that|it|my answer|this answer|the above|this information"
    r"|the information above) (?:is|was|comes|came) (?:taken |based |drawn |copied |quoted |straight )?(?:from|on)\b"
    rf"[^.:\d]*?\b(?:our|the|this|these|that|my|your)\s+(?:[\w'’&-]+\s+){{0,3}}?{_ANSWER_SOURCE}"
    r"[^.:\d]*[.!]?$"
    r"|(?:the|this) (?:sources?|articles?|passages?|pages?) (?:i|we) found (?:covers?|explains?|answers?|says?)\b[^.:\d]*[.!]?$"
    r"|here(?:'s| is) what (?:our|the) [\w -]{1,30} says[.!:]?$"
    r"|i(?:'ve| have)? (?:checked|looked at|looked through|read|searched|found|went through"
    r"|had a (?:look|quick look|read) (?:at|through)) (?:the|our|your|a)"
    r" (?:[\w-]+ )?(?:article|passage|help cent(?:re|er)|docs|documentation|page|guide|guidance|faq"
    r"|knowledge base|information|policy|policies|terms|rules|website|site|notes|records)s?\b[^.]*[.!]?$"
    r"|(?:based on|according to) (?:the |my |our )?(?:information|sources?|documentation|articles?|passages?)"
    r"(?: (?:i have|available|provided|above))*[.!]*$)",
    re.IGNORECASE,
)
# The bot telling of its own lookup ("I've had a look at our vehicle fares for you.",
# "Let me just check that for you…"), whatever it looked at: a remark, not a claim. A
# sentence that goes on ("... and it's confirmed", "...: the fee is €20") is not one.
_LOOKUP_VERB = (
    r"(?:just |quickly |now |also )?(?:had a (?:quick |good |closer )?look|take a (?:quick |closer )?look"
    r"|have a (?:quick |closer )?look|looked|look(?! forward)|checked|check|searched|search|went through|go through"
    r"|gone through|pulled up|pull up|dug into|dig into|reviewed|review|double-checked|double-check"
    r"|looked into|look into|pull(?:ed)? (?:this|that|it|those) up|find (?:this|that|it) out|find out"
    r"|pulled together)"
)
_LOOKUP_SUBJECT = (
    r"(?:(?:right|ok(?:ay)?|alright|so|well|now)\s*[,!-]*\s+)?"
    r"(?:i(?:'ve| have)?|we(?:'ve| have)?|let me|let us|let's|i'll|i will|we'll|i'm going to|i am going to)"
)
_LOOKUP_RE = re.compile(
    # "check that for you", not "checked that the fee is waived".
    rf"^{_LOOKUP_SUBJECT} {_LOOKUP_VERB}(?: (?:this|that|it)(?= (?:up|out|for|in|on|with|now|right now"
    r"|straight away|right away)\b"
    r"|\s*(?:\.\.\.|…|[.!])*$)(?: up| out)?)?\b"
    r"(?:(?!\b(?:and|but|that|which)\b)[^.!?\d:;,])*"
    r"(?:\.\.\.|…|[.!])*$",
    re.IGNORECASE,
)
# "I went through our licensing info, and a Family licence ...": the lookup, then the claim.
LOOKUP_OPENER_RE = re.compile(
    rf"^{_LOOKUP_SUBJECT} {_LOOKUP_VERB}\b[^.!?\d:;,]{{0,60}}?\s*(?:,\s*and|:|\s-)\s+",
    re.IGNORECASE,
)
# "Thank you for flying with us as a Platinum member!": thanks, however long.
_THANKS_RE = re.compile(
    r"^(?:and |but )?(?:thanks|thank you|many thanks)\b[^.?]*[!.]?$", re.IGNORECASE
)
# Courtesies by their shape, whatever their words: wishes ("Have a fantastic holiday!",
# "Happy reading!"), exclamations ("What a lovely plan!"), congratulations, farewells and
# sign-offs, looking forward, sympathy ("That must be frustrating."), appreciation,
# reassurance, signposts ("Here's how it works."), invitations to ask more, and the
# bot's offer to help. None carries a value.
_EMOTION = (
    r"stressful|frustrating|annoying|difficult|hard|tough|upsetting|worrying|inconvenient"
    r"|disappointing|exciting|great|lovely|fun|wonderful|amazing|awful|terrible|confusing"
    r"|a pain|a hassle|a worry|a lot to deal with"
)
_SYMPATHY = (
    r"stressful|frustrating|annoying|difficult|hard|tough|upsetting|worrying|inconvenient"
    r"|disappointing|awful|terrible|confusing|a pain|a hassle|a worry|a lot to deal with"
    r"|(?:like )?(?:a |an )?(?:real |total |absolute )?(?:nightmare|ordeal|headache)"
)
_COURTESY_SHAPE_RE = re.compile(
    r"^(?:have (?:a|an) [^.!?\d]*!|have (?:a|an) (?:\w+ly )?(?:great|good|nice|lovely|wonderful"
    r"|fantastic|brilliant|amazing|safe|happy|pleasant|relaxing|restful|fun|productive|smooth"
    r"|terrific|super|excellent|memorable|magical)\b[^.!?\d]*|have fun\b[^.!?\d]*"
    r"|happy [\w-]+(?:(?:,| and| from) [^.!?\d]*)?|what (?:a|an) [^.!?\d]*!|how (?:exciting|lovely|wonderful|nice|fun)"
    r"|(?:i'?m |i am )?(?:so |really )?(?:glad|happy|pleased) (?:i could|i was able to|to have) help(?:ed)?\b[^.!?\d]*"
    r"|(?:it was|it's been|it has been|it'?s|it is) (?:a|my|our) (?:real )?pleasure\b[^.!?\d]*"
    r"|should you (?:have|need|require) (?:any )?(?:further|more|other|additional) (?:questions"
    r"|help|assistance|information)\b[^.!?\d]*"
    r"|(?:your )?(?:satisfaction|experience|feedback|business|custom|patience|understanding)"
    r" (?:is|are|means) (?:our|very|so|a lot|everything|important"
    r"|(?:much |greatly |really |truly |very much |always |hugely )?(?:appreciated|valued))\b[^.!?\d]*"
    # "Welcome to the Riverside help centre!", "Welcome aboard!"
    r"|welcome (?:to|back to|aboard|along)\b[^.!?\d:;]*"
    r"|(?:we|i)(?:'re| are|'m| am) (?:so |very |really |truly )?sorry (?:that )?you(?:'ve| have|'re| are)?"
    r" (?:had|been|experienced|felt|going through|dealing with)\b[^.!?\d]*"
    r"|(?:i'?m|i am|we'?re|we are) (?:always )?(?:here|around) (?:if|whenever|when|should) you\b[^.!?\d]*"
    r"|(?:please )?(?:don't|do not) hesitate to\b[^.!?\d]*"
    r"|(?:any|if you have any) (?:other|more|further) questions\b[^.!?\d]*"
    r"|you'?re all (?:set|sorted|good)|(?:simple|easy) as that|hopefully (?:that|this)\b[^.!?\d]*"
    r"|stay (?:warm|safe|dry|cool|well)\b[^.!?\d]*"
    r"|congratulations\b[^.!?\d]*|congrats\b[^.!?\d]*"
    r"|best,?|yours (?:sincerely|faithfully|truly),?|sincerely,?|with thanks,?"
    r"|cheers(?: for [^,.!?\d]*)?(?:,? [\w'-]+)?"
    r"|(?:see you|speak soon|talk soon|bye|goodbye|(?:best|kind|warm|warmest) (?:regards"
    r"|wishes)|regards|sleep well|get well soon|take it easy)\b[^.!?\d]*"
    r"|(?:(?:we|i)(?:'re| are|'m| am)? )?(?:really |so )?look(?:ing)? forward to\b[^.!?\d]*"
    r"|(?:we|i) (?:can'?t|cannot) wait to\b[^.!?\d]*"
    # Praise of the customer's choice and luck: "Great choice!", "You're in luck!",
    # "Sounds like a fun day out!"
    r"|(?:(?:that'?s|that is|what|(?:it )?sounds like|it'?s) )?(?:a |an |such a )?(?:really |very )?"
    r"(?:great|good|fantastic|lovely|brilliant|excellent|wonderful|perfect|fun|smart|fab)"
    r" (?:choice|idea|pick|call|day out|night out)"
    r"|you'?re in luck"
    # Invitations to get back in touch: "Just give us a shout if you need anything.",
    # "Drop us a message any time.", "Just let us know."
    r"|(?:just |please |do )?(?:give us a (?:shout|call|ring|bell)|drop us a (?:line|message|note|email))"
    r"(?: (?:if|whenever|when|any ?time)\b[^.!?\d]*)?"
    r"|(?:just |please |do )?let (?:me|us) know"
    # An invitation: "We'd love to show you around - just let us know!"
    r"|(?:we|i)(?:'d| would) (?:love|be (?:delighted|thrilled|happy|glad|pleased)) to"
    r" (?:show|welcome|meet|see|host|have|hear|help|chat|talk)\b[^.!?\d]*"
    rf"|(?:that|this) (?:must|can|could) (?:be|have been) (?:so |really |very )?(?:{_EMOTION})"
    r"|(?:we|i)(?:'re| are|'m| am) (?:so |very |really |truly )?sorry(?: (?:for|about)"
    r" (?:the|any|that|this|your) [^.!?\d]*| (?:for|about) (?:that|this|it)| to hear (?:that"
    r"|this|it))?"
    r"|(?:we|i) (?:really |truly |do )?appreciate (?:your|you)\b[^.!?\d]*"
    r"|(?:we|i) (?:completely |totally |fully |really )?understand(?: (?:how|why|your)\b[^.!?\d]*)?"
    # "I completely understand the worry!": the customer's feeling named.
    r"|(?:we|i) (?:completely |totally |fully |really |can )?(?:understand|appreciate|hear) (?:the|your|that|this)"
    r" (?:worry|worries|concerns?|frustration|confusion|urgency|disappointment|stress|hassle"
    r"|inconvenience|feeling|situation)\b[^.!?\d]*"
    # "I completely understand wanting to keep your dog close - lots of owners feel the same."
    r"|(?:we|i) (?:completely |totally |fully |really |can )?(?:understand|appreciate|get) (?:wanting|needing"
    r"|hoping|being|having|feeling|that you(?:'d| would)? (?:want|need|like|prefer|feel))\b[^.!?\d]*"
    # "I'm sorry the purchase didn't work out for you.": regret for what went wrong.
    r"|(?:we|i)(?:'re| are|'m| am) (?:so |very |really |truly )?sorry (?:that |to hear (?:that )?)?"
    r"(?:the|your|this|that|it|you|things)\b[^.!?\d]*\b(?:didn't|did not|hasn't|has not|haven't"
    r"|wasn't|weren't|isn't|doesn't|couldn't) (?:work(?:ed)? out|go(?:ne)? (?:well|smoothly|to plan|as planned)"
    r"|meet|live up|suit|turn out|what you)\b[^.!?\d]*"
    # Waiting: "One moment while I check.", "Bear with me."
    r"|(?:give me|bear with me|one moment|just a (?:moment|second|sec|minute)|hang on|hold on)\b[^.!?\d]*"
    # Empathy: "I totally get it.", "I know how annoying that can be.", "That sounds frustrating."
    r"|(?:we|i) (?:totally |completely |really )?(?:get (?:it|that|this)|hear you)"
    # "I can see why that would be confusing.", "That can't have been fun."
    rf"|(?:we|i) (?:know|can imagine|can see|understand) (?:how|why) (?:that|this|it) (?:would|could|might"
    rf"|must|can) (?:be|feel|seem) (?:so |really |a bit |very )?(?:{_EMOTION})"
    r"|(?:that|this|it) (?:can'?t|couldn'?t|won'?t) have been (?:fun|easy|nice|great|pleasant)"
    r"|(?:that'?s|that is|it'?s|it is) (?:completely |totally |entirely |perfectly )?(?:understandable"
    r"|fair enough|only natural)"
    # Apology and regret for what went wrong: "We regret any inconvenience caused."
    r"|(?:we|i) (?:sincerely |truly |deeply |do |really )?(?:apologi[sz]e|regret) (?:for|any)\b[^.!?\d]*"
    # Gladness at the customer: "We're thrilled to have you with us!", "Glad that's sorted!"
    r"|(?:we'?re|we are|i'?m|i am) (?:so |really |just )?(?:thrilled|delighted|excited|happy|glad|pleased)"
    r" to (?:have|welcome|see) you\b[^.!?\d]*"
    r"|(?:so |really )?glad (?:that'?s|it'?s|that|it|this|everything'?s?) (?:is )?(?:sorted|worked|working"
    r"|helped|fixed|resolved)\b[^.!?\d]*"
    r"|(?:(?:i|we) )?love (?:that|how) you(?:'re| are|'ve| have)?\b[^.!?\d]*"
    r"|(?:happy|glad|pleased) to be of (?:help|assistance|service)"
    rf"|(?:we|i) (?:know|can imagine|can see|understand) (?:how|why) (?:{_EMOTION}|you(?:'d| would)?)\b[^.!?\d]*"
    # Only sympathy: "that sounds great!" in a chat is the bot's own opinion.
    rf"|(?:that|this|it) (?:sounds|seems) (?:so |really |very |pretty |quite )?(?:{_SYMPATHY})\b[^.!?\d]*"
    r"|you'?re (?:very |most |so )?welcome\b(?! to\b)[^.!?\d]*"
    r"|(?:some )?(?:good|great|bad) news(?: for you| here)?"
    # Remarks on the question: "That's a tricky one!", "Interesting question!"
    r"|(?:that'?s |that is |what |such )?(?:a |an )?(?:really |very )?(?:great|good|interesting|tricky"
    r"|fair|excellent|brilliant|important|common|popular|reasonable|valid|tough|smart) (?:question|one"
    r"|point)(?:,? (?:and )?one (?:we|i) (?:get|hear|see)(?: a lot| often| all the time)?)?"
    r"|i'?d (?:love|be more than happy|be only too happy) to (?:help|assist)\b[^.!?\d]*"
    r"|let'?s (?:get (?:this|that|it|you) sorted|sort (?:this|that|it) out)\b[^.!?\d]*"
    # The question told back: "It sounds like you want to return an item."
    r"|(?:it )?(?:sounds|looks|seems) like you(?:'re| are|'d)? (?:want|need|would like|asking|looking"
    r"|trying|hoping|planning|wondering)\b[^.!?\d]*"
    r"|you(?:'re| are) (?:asking|wondering|looking to|hoping to|trying to|planning to|keen to)\b[^.!?\d]*"
    # Closings: "That's the gist of it.", "Just reply here if you need more help."
    r"|(?:that|this) (?:should be|is|'s) (?:everything|all|it)(?: (?:you need(?: to know)?|on this(?: one)?"
    r"|for now|from me))?"
    r"|that'?s (?:the gist(?: of it)?|the short version|the long and (?:the )?short of it|the basics)"
    r"|this is (?:just |only )?(?:a |the )?(?:short |quick |brief )?(?:summary|overview|short version)\b[^.!?\d]*"
    r"|(?:just )?(?:reply|shout|message|write|ping|come back|hit (?:me|us) up)(?: (?:here|to me|to us|back))?"
    r" if you\b[^.!?\d]*"
    r"|(?:that'?s|what|such) (?:such )?(?:great|wonderful|fantastic|brilliant|lovely|good|exciting) news\b[^.!?\d]*"
    r"|keep up the (?:great|good|amazing) work\b[^.!?\d]*|warmly,?|many thanks,?"
    r"|(?:we'?re|we are|i'?m|i am) (?:so |really )?(?:excited|thrilled|delighted) to (?:see|hear)"
    r" (?:what|how) you\b[^.!?\d]*"
    r"|(?:i know,? )?(?:it'?s|it is|that'?s) (?:a lot|quite a lot) to (?:take in|process|deal with)\b[^.!?\d]*"
    r"|(?:do |please |just )?let (?:me|us) know (?:how you get on|if|whether)\b[^.!?\d]*"
    r"|if (?:that|this) (?:doesn't|does not|didn't|did not) (?:answer|help|cover)\b[^.!?\d]*"
    r"|you can always (?:come back|ask|reach out|get in touch|message)\b[^.!?\d]*"
    r"|(?:(?:i'?m|i am|we'?re|we are) )?(?:always )?(?:happy|glad|pleased) to (?:go through|explain|help|walk you through"
    r"|clarify|assist)"
    r"\b[^.!?\d]*|you'?ve got this|we value (?:you|your)\b[^.!?\d]*"
    # "Feel free to reach out if you'd like a hand placing the order.": an invitation.
    r"|(?:please )?feel free to (?:reach out|get in touch|ask|contact|message|drop|come back|ping"
    r"|let (?:me|us) know|reply|write|give us a shout|chat)\b[^.!?\d]*"
    r"|(?:(?:don't|do not) (?:worry|stress|panic)|not to worry|no worries|rest assured)(?:,? (?:we've got you covered"
    r"|we'?ll (?:figure (?:it|this) out|sort (?:it|this) out|get (?:it|this|you) sorted)"
    r"|we're here (?:for|to help) you|we can help|it happens|at all))?"
    r"|here(?:'s| is| are) (?:how it works|what you need to know|the (?:good news|details"
    r"|short answer|answer|key points)|a (?:quick|short|brief) (?:summary|rundown|overview)"
    r"|everything you need(?: to know)?)"
    r"|if you have (?:any )?(?:more|other|further) questions\b[^.!?\d]*"
    r"|(?:it'?s |it is )?(?:nice|lovely|great|good) to (?:hear from|meet|see|chat with) you\b[^.!?\d]*"
    # The customer's own news told back: "Lovely to hear your team is joining us!"
    r"|(?:(?:it'?s|that'?s|i'?m|we'?re|so|how) )?(?:really |so )?(?:nice|lovely|great|good|wonderful"
    r"|fantastic|brilliant|exciting|glad|happy|pleased|delighted) to hear\b[^.!?\d]*"
    r"|i (?:can|could) (?:\w+ )?(?:help|assist)(?: you)? with (?:that|this)"
    r"|i'?d be (?:happy|glad|pleased|delighted) to (?:help|assist|explain|answer)\b[^.!?\d]*"
    r"|(?:this|that) (?:should )?(?:covers?|answers?) (?:everything|all|your question)\b[^.!?\d]*"
    r"|(?:the|this|our) (?:[\w-]+ ){0,2}(?:page|article|guide|section) (?:explains|covers|has|gives)"
    r" (?:this|it|more)(?: details?| information| info)?(?: in (?:more |much more |further )?detail)?)[.!:]*$",
    re.IGNORECASE,
)
# An open invitation to come back ("Please don't hesitate to get in touch if you need
# more help.", "Feel free to contact us any time."): a courtesy, though its verb is a
# redirect's; "Feel free to contact our helpdesk" points somewhere.
_INVITATION_RE = re.compile(
    r"^(?:(?:and|but|so),? )?(?:please )?(?:(?:do not|don't) hesitate to|feel free to|you can always"
    r"|do) (?:get (?:back )?in touch|contact (?:us|me)|reach out|call us|message us|email us|ask"
    r"|come back to us)(?: again)?(?:,? (?:if|should|whenever|when|any ?time)\b[^.!?\d]*)?[.!]*$",
    re.IGNORECASE,
)
# Remarks on the answer itself at its close: "That's the gist of it.", "This should cover
# everything you need."
_ANSWER_CLOSING_RE = re.compile(
    r"^(?:(?:so|and|ok(?:ay)?),? )?(?:that|this)(?:'s| is| should be| was)"
    r" (?:(?:just |only )?(?:a |the )?(?:quick |short |brief )?(?:summary|overview|gist(?: of it)?"
    r"|short version|basics)|all there is to it|everything you need(?: to know)?)"
    r"|^(?:(?:so|and),? )?(?:that|this) (?:should |will )?(?:covers?|answers?) (?:everything"
    r"|all of it|your question)(?: you (?:need|asked))?[.!]*$"
    r"|^(?:that'?s|that is) (?:everything|all)(?: the (?:information|info) (?:i have|i've got))?"
    r" (?:on|for|about) (?:this|that)(?: one)?[.!]*$"
    r"|^(?:this|that) (?:should )?covers? (?:the (?:main|key) points|the basics)[.!]*$"
    r"|^(?:the|this) (?:page|article|guide|passage|section) (?:above|below) (?:explains|covers) (?:it all"
    r"|everything|this|it)[.!]*$"
    # "Our Billing guide covers this in more detail.": where more is, not what it says.
    r"|^(?:the|this|our) (?:[\w-]+ ){0,2}(?:page|article|guide|section) (?:explains|covers|has|gives)"
    r" (?:this|it|more)(?: details?| information| info)?(?: in (?:more |much more |further )?detail)?[.!]*$",
    re.IGNORECASE,
)
# A clause break strong enough that what follows is a sentence of its own: "Thanks for
# asking - the pool opens at 6:30am", "Hope this helps: the permit covers zones A and B".
_STRONG_BREAK_RE = re.compile(r"\s*[:;!]\s+|\s+[-–—]\s+|\s*[—–]\s*")
# A clause with its own subject and verb after an acknowledgement ("Sure, you can have it
# delivered"): a claim, however few its words.
_CLAUSE_RE = re.compile(
    r"(?:[,;:]\s*|\bbut\s+)(?:you|we|it|they|there|this|that"
    r"|(?:the|your|our|each|every|all|any) [\w'-]+(?: [\w'-]+)?)"
    r" (?:can(?:'t|not)?|will|won't|must|need|needs|is|are|isn't|aren't|was|were|gets?|has|have"
    r"|do|does|don't|doesn't|should|may|might|only|always|never|also|opens?|closes?|costs?|runs?"
    r"|lasts?|includes?|takes?)\b",
    re.IGNORECASE,
)
_HEADING_SHAPE_RE = re.compile(r"^(?:#{1,6}\s*[^.!?]{1,40}|\*\*[^*.!?]{1,40}\*\*:?)$")
# A label of a word or three before a colon: "Short answer", "Quick tip", "In short".
_LABEL_RE = re.compile(r"^[\w'-]+(?: [\w'-]+){0,2}$")
_ONLY_RE = re.compile(r"\bonly\b", re.IGNORECASE)
_POINTS_ON_RE = re.compile(r"(?:this|it|that|more|everything|all)\b", re.IGNORECASE)
# Pictographs and their joiners carry no claim: "Happy baking! 🍰".
_PICTOGRAPH_JOINERS = frozenset("\u200d\ufe0e\ufe0f\u20e3")


def _without_pictographs(text: str) -> str:
    if text.isascii():
        return text
    kept = "".join(
        char
        for char in text
        if char not in _PICTOGRAPH_JOINERS
        and unicodedata.category(char) != "So"
        and not "\U0001f3fb" <= char <= "\U0001f3ff"
    )
    return " ".join(kept.split())


# "Hi Tom, ...", "Hello there! ...": a greeting before the rest of the piece.
_GREETING_HEAD_RE = re.compile(
    r"^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|day)|dear)"
    r"(?: (?:there|all|folks|everyone|again|(?:(?:mr|mrs|ms|miss|dr|mx)\.? )?[A-Z][\w'-]+))?"
    r"\s*[,!]+\s*(?:(?:and|so)\s+)?(?=\w)",
    re.IGNORECASE,
)


# "Hope your first session goes well!": a wish for the customer, however it goes on.
_WISH_RE = re.compile(
    r"^(?:i |we )?(?:really |truly |do |so )?hope\b(?!.*\d)|^(?:wishing|wish) you\b(?!.*\d)",
    re.IGNORECASE,
)
# "..., and welcome aboard!": a courtesy carried on from the clause before.
_LEADING_CONJUNCTION_RE = re.compile(r"^(?:and|but|so|oh|well|also),?\s+", re.IGNORECASE)
# "... and an important one.": a trailing remark with no verb and no value.
_FRAGMENT_RE = re.compile(
    r"^(?:and|but|or) (?:an?|the|such|what|quite)\b(?:\s+[a-z'-]+){0,3}[.!]*$", re.IGNORECASE
)
# A remark of a word or two, nothing after it: "Interesting.", "True!", "Good point."
_BARE_REMARK_RE = re.compile(
    r"^(?:(?:ha(?:ha)*|ooh|oh|ah|wow|aw+)\W+)?(?:totally |very |really |so )?"
    r"(?:how )?(?:interesting|true|exactly|agreed|indeed|totally|fair enough|neat|amazing|lovely"
    r"|fantastic|brilliant|excellent|sweet|good point|nice one|makes sense|so cool|no way"
    r"|good (?:shout|one|call)|sounds like a plan|exciting|much appreciated|fair (?:question|point)"
    r"|it (?:all )?depends|yay|woo(?:hoo)?|hooray"
    # A term of address left after a courtesy: "Cheers for your patience, mate."
    r"|mate|pal|buddy|folks|friend|my friend|everyone|guys)"
    r"(?: indeed)?\s*[.!]*$",
    re.IGNORECASE,
)
_CONTACT_DETAIL_RE = re.compile(
    r"[\w.+-]+@[\w-]+\.[\w.]+|\b(?:https?://|www\.)\S+|\+?\d[\d ()-]{7,}\d", re.IGNORECASE
)
_CONTACT_QUERY_RE = re.compile(
    # "personal" training or details is no person to speak to.
    r"\b(?:contact|phone|call|email|e-mail|reach|speak|talk|agent|human|person(?!al)|representative"
    r"|doctor|gp|nurse|pharmacist|lawyer|solicitor|accountant|adviser|advisor"
    r"|live chat|chat with|customer service|support team|complain)",
    re.IGNORECASE,
)
_YES_NO_RE = re.compile(
    r"^(?:yes|yeah|yep|no|nope|not really|not exactly|correct|that's right"
    r"|(?:unfortunately|sadly|i'?m afraid) not|(?:absolutely|definitely|certainly|of course) not"
    r"|(?:yes|no|nope|yep),? (?:sorry|i'?m afraid|unfortunately|sadly)"
    r"|no,? not (?:at the moment|right now|currently|yet)|sure (?:is|does|can|am|do)"
    r"|(?:i|we) (?:do|don't|did|didn't|am|'m not|have|haven't|can|can't)"
    # A hedged or bare affirmation: "I believe so", "I think it was", "Yeah it is".
    r"|(?:(?:yes|yeah|yep|no|oh yes),? )?(?:i (?:believe|think|guess|suppose) )?"
    r"(?:so|not|it (?:is|was|does|did|isn't|wasn't)|they (?:are|were|do|did)"
    r"|(?:he|she) (?:is|was|does|did)|that's (?:true|correct|right))"
    r"|(?:yes|yeah|yep|no),? (?:indeed|exactly|definitely|of course))[.!,]*$",
    re.IGNORECASE,
)

# A question about the listener's own tastes, habits or experience ("Do you like
# sweaters?", "Have you ever tried cod liver oil?", "How about you?"): conversation, not
# knowledge. Offers ("would you like me to...") and questions about the customer's case
# ("do you have your order number?") are not among them.
_LISTENER_QUESTION_RE = re.compile(
    r"^(?:(?:and|so|but|well|oh|also),? )?(?:do|did|have|are|were) you (?:ever |also |still |really "
    r"|always |usually |even |personally )?(?:like|love|enjoy|prefer|play|watch|listen|read|hear|heard|go"
    r"|eat|cook|tried|try|been to|seen|visited|collect|follow|shop|a fan|into|have (?:a|any) favou?rite)\b"
    r"(?! (?:me|us) to\b)"
    r"|^(?:what|which|who)(?: is|'s| are) your favou?rite\b"
    r"|\b(?:how|what) about you\b|^(?:and )?you\?$"
    r"|^(?:what|which) (?:kinds?|sorts?|types?) of [\w -]{1,30} do you\b"
    r"|^how (?:often|much) do you\b|^(?:how|what) about (?!(?:me|us) |my |our )[\w -]{1,40}\?$"
    r"|^(?:do|did) you do\b"
    r"|^what (?:else |other [\w -]{1,30})?do you (?:know|think|like|love|enjoy)\b",
    re.IGNORECASE,
)
# Agreement that only speaks of the speaker ("Same here!", "Me too."): an opinion.
_AGREEMENT_RE = re.compile(r"^(?:same here|me too|me neither|same)\b[.!]*$", re.IGNORECASE)


# "Really?!", "Do you ski?..": a question whatever marks follow its question mark.
_QUESTION_END_RE = re.compile(r"\?[!.…]*$")


def asks(text: str) -> bool:
    return bool(_QUESTION_END_RE.search(text))


# A question for a thing, a person, a time or a way ("What about the director?", "Who
# made it?", "How long is it?"): a yes or a no cannot answer it.
_OPEN_QUESTION_RE = re.compile(
    r"^(?:(?:and|so|but|well|oh|ok|okay|hmm|then),? )*(?:what|what's|whats|which|who|who's|whom"
    r"|whose|where|where's|when|when's|why|how|how's)\b",
    re.IGNORECASE,
)


def asks_open_question(text: str) -> bool:
    """The turn ends on a question for something other than a yes or a no: its last
    question opens with a question word ("What about the director?"), and none of its
    questions asks for a yes or a no ("Is it good? What's it about?" still asks one)."""
    questions = [
        sentence.strip(" \"'*-")
        for sentence in split_sentences(normalise(text or ""))
        if asks(sentence)
    ]
    return bool(questions) and all(_OPEN_QUESTION_RE.match(question) for question in questions)


def asks_about_listener(text: str) -> bool:
    """A question about the listener's own tastes or experience, not about the case."""
    clean = text.strip().strip("-*• ").strip()
    return asks(clean) and bool(_LISTENER_QUESTION_RE.search(clean))


def is_own_agreement(text: str) -> bool:
    return bool(_AGREEMENT_RE.match(text.strip()))


# A question to the listener about what they do or have done ("Do you go bowling
# often?", "Did you read them all?", "Have you ever hunted?", "Do you?"), as a chat
# partner asks; asking what the listener knows, thinks or means ("Are you familiar with
# the Patriots?", "Are you referring to the 1916 game?") asks about the subject instead.
_ASKS_LISTENER_HABIT_RE = re.compile(
    r"(?:^|[.!?]\s+|,\s*)(?:(?:and|so|but|well|oh|hi|hey),? )?(?:do|did|have|are|were) you"
    r"(?: (?:ever|only|also|still|really|always|usually|even|personally|often|just))*"
    r"(?:\?| (?!(?:know|remember|think|mean|mind|want|need|agree|believe|recall|wonder"
    r"|have to|happen to|see|familiar|aware|referring|talking about|speaking of|thinking of)\b)"
    r"[a-z]+\b[^.!?]*(?:\?|$))"
    r"|(?:^|[.!?]\s+|,\s*)(?:and )?(?:what about |how about )?you\?",
    re.IGNORECASE,
)
# The speaker's reaction to what was said ("Oh wow, that's awesome!", "That sounds
# cool.", "I didn't know that!"): the speaker's own opinion or experience.
_REACTION_RE = re.compile(
    r"\b(?:that'?s|that is|that sounds|sounds|how|so|it'?s|this is) (?:so |really |very |pretty "
    r"|quite |super |kind of )?(?:awesome|cool|great|nice|amazing|interesting|funny|fun|sad"
    r"|neat|crazy|wild|fascinating|incredible|impressive|lovely|wonderful|beautiful|scary"
    r"|terrible|awful|weird|strange|surprising)\b"
    r"|\bi (?:didn'?t|did not|never) (?:know|knew|realise|realize)d?\b|\bi had no idea\b",
    re.IGNORECASE,
)


# The moves of a conversation that carry nothing about its subject: greeting and asking
# after the partner, thanks, farewells and wishes, laughter, a bare exclamation ("Oh my
# God!", "Cool!"), assent and agreement ("I agree", "Very true!", "Me too", "Yes, she
# is"), not knowing. A turn made only of them
# tells nothing anyone could check.
_SOCIAL_MOVE = (
    r"(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)"
    r"|how are you(?: doing)?(?: today)?|are you (?:there|still there)|what'?s up"
    r"|(?:good)?bye(?: bye)?|see (?:ya|you)(?: later| soon| around)?|take care|cya"
    r"|have a (?:great|good|nice|lovely|wonderful|fun) (?:day|night|evening|weekend|one|time)"
    r"|(?:it was |it's been |it has been )?(?:nice|fun|great|good|lovely|a pleasure)"
    r" (?:talking|chatting|speaking) (?:to|with) (?:you|ya)"
    r"|(?:thanks|thank you|thank u)(?: (?:so much|a lot|for the (?:chat|conversation|talk)))?"
    r"|thx|ty|cheers|you too|same to you|(?:you'?re|you are) welcome"
    r"|lol|lmao|rofl|ha(?:ha)+h?|he(?:he)+|:\)|:d"
    r"|yes|yeah|yea|ya|yep|yup|no|nope|nah|sure|ok|okay|alright|oh|ah|ooh|wow|hmm+|well"
    r"|(?:very |so |quite )?true|exactly|indeed|right|agreed|definitely|absolutely|of course"
    r"|no doubt|for sure|i see|got it|(?:that |it )?makes sense"
    r"|good|great|cool|nice|awesome|perfect|wonderful|lovely|neat|amazing|interesting"
    r"|oh my(?: god| gosh| goodness)?|omg|oh dear|oh no|yay|wait"
    r"|that'?s (?:true|right|correct|so true)|that is (?:true|right|correct)|it'?s true"
    r"|i (?:totally |completely |fully |really )?agree(?: with (?:you|that))?(?: 100 ?%)?"
    r"|me too|me neither|same(?: here)?"
    r"|(?:i (?:have|had) )?no idea|i (?:do not|don'?t|dont) know(?: much)?|(?:i'?m )?not (?:really |quite |too )?sure"
    r"|i (?:do not|don'?t|dont) think so"
    # ... of what was just said: "I have no idea about that.", "Not sure about it."
    r"|(?:(?:i (?:have|had) )?no idea|i (?:do not|don'?t|dont) know(?: much| anything)?"
    r"|(?:i'?m )?not (?:really |quite |too )?sure) (?:about|of) (?:that|it|this|them)"
    # Taking up the partner's turn without adding to it: "Good point!", "Fair enough.",
    # "Nice to meet you!", "Tell me more!", "Thanks for sharing!", "Let's go!" ("That
    # sounds great!" is a reaction, the bot's own opinion).
    r"|(?:that'?s |that is )?(?:a )?(?:good|great|fair) (?:point|question)|fair enough"
    r"|(?:that'?s )?good to know"
    r"|(?:it'?s )?(?:nice|good|great|lovely) to meet you|tell me more(?: about (?:it|that|them))?"
    r"|(?:thanks|thank you) for (?:sharing|asking|telling me)"
    r"|i'?m (?:doing )?(?:well|good|great|fine)(?: too)?|let'?s go)"
)
_SOCIAL_TURN_RE = re.compile(rf"^(?:{_SOCIAL_MOVE}(?:[\s,.!?;:~*-]+|$))+$", re.IGNORECASE)


def is_social_move(text: str) -> bool:
    """The piece only greets, thanks, takes leave, laughs, assents or agrees (a bare
    "Yes, she is" among them), or says the speaker does not know: nothing in it is
    about the subject of the talk."""
    clean = text.strip()
    return bool(_SOCIAL_TURN_RE.match(clean)) or (is_yes_no(clean) and not _DIGIT_RE.search(clean))


# A question for the listener's tastes ("Do you like the Beatles?", "Are you a fan of
# opera?", "I love jazz. Do you?"), not for what they have done or do ("Have you tried
# it?", "Do you go often?").
_ASKS_LISTENER_TASTE_RE = re.compile(
    r"\b(?:do|did) you (?:(?:also|really|still|even|personally) )?(?:like|love|enjoy|prefer)\b"
    r"|\bare you (?:(?:also|really|still) )?(?:a )?(?:big )?fan\b"
    r"|\bi (?:(?:also|really|just) )?(?:like|love|enjoy|prefer)\b[^.!?]*[.!,]\s*(?:and |what about |how about )?"
    r"(?:do )?you\?",
    re.IGNORECASE,
)


def asks_listener_taste(text: str) -> bool:
    """The turn asks whether the listener likes something."""
    return bool(_ASKS_LISTENER_TASTE_RE.search((text or "").strip()))


def asks_listener_habit(text: str) -> bool:
    """The turn asks the listener about their own doings or experience."""
    return bool(_ASKS_LISTENER_HABIT_RE.search((text or "").strip()))


def is_reaction(text: str) -> bool:
    return bool(_REACTION_RE.search(text))


# Stems that small talk is made of; a turn built only from them asks for nothing.
_SMALL_TALK_STEMS = frozenset(
    stem(word)
    for word in word_list("""
    hi hello hey hiya howdy greeting morning afternoon evening night day thank thanks
    thx ty cheer bye goodby goodbye see later ok okay great cool perfect awesome nice
    good fine sure yeah yep nope lol haha wow appreciat appreciate help helpful welcom
    welcome bot robot real name sound got understand understood alright right kind
    """)
)


def asks_about_contact(query: str) -> bool:
    """A question about reaching a person makes a contact redirect the actual answer."""
    return bool(_CONTACT_QUERY_RE.search(query or ""))


def is_yes_no(text: str) -> bool:
    return bool(_YES_NO_RE.match(text.strip()))


# The judge asks about the same pieces and their heads many times over an answer.
@functools.lru_cache(maxsize=8192)
def piece_kind(text: str, *, contact_is_answer: bool = False) -> str:
    """One of greeting, pleasantry, meta (about the answer or its sources), redirect,
    refusal, question, yes_no or fact."""
    clean = _without_pictographs(text.strip()).strip("-*• ").strip()
    if not clean:
        return "pleasantry"
    if is_yes_no(clean):
        return "yes_no"
    if (head_and_tail := _courtesy_then_claim(clean, contact_is_answer)) is not None:
        return head_and_tail
    if _REFUSAL_RE.search(clean):
        return "refusal"
    if _SELF_DESCRIPTION_RE.search(clean):
        return "pleasantry"
    if _THANKS_RE.match(clean) or _INVITATION_RE.match(clean):
        return "pleasantry"
    if (
        _REDIRECT_RE.search(clean) or is_pointer(clean) or _HANDOVER_RE.match(clean)
    ) and not contact_is_answer:
        # "You can contact us by post only for formal complaints": a rule for the channel.
        if _ONLY_RE.search(clean) or _contact_as_means(clean):
            return "fact"
        return "redirect"
    if (
        _META_RE.search(clean)
        or _LOOKUP_RE.match(clean)
        or _ANSWER_CLOSING_RE.match(clean)
        or _LEAD_IN_RE.match(clean)
    ):
        return "meta"
    if _HEADING_SHAPE_RE.match(text.strip()) and not _DIGIT_RE.search(clean):
        return "meta"  # "### Next steps", "**Summary**": how the answer is set out
    if clean.endswith(":") and len(clean.split()) <= 6 and not _DIGIT_RE.search(clean):
        return "meta"  # "Quick answer:", "According to our FAQs:": a label for what follows
    if (
        clean.endswith(":")
        and (lead_in := META_OPENER_RE.match(clean))
        and lead_in.end() == len(clean)
    ):
        return "meta"  # "Here's what I found:", "To answer your question:"
    if asks(clean):
        return "question"
    courtesy = _LEADING_CONJUNCTION_RE.sub("", clean)
    if _WISH_RE.match(courtesy) or _COURTESY_SHAPE_RE.match(courtesy):
        return "pleasantry"
    if _is_social(courtesy):
        return "greeting" if _GREETING_RE.match(courtesy) else "pleasantry"
    if _FRAGMENT_RE.match(clean) or _BARE_REMARK_RE.match(courtesy):
        return "pleasantry"
    return "fact"


# "Porters can let you in if you call the lodge": the call is what the claim holds under,
# said in a clause of its own after the claim; "If you have questions, call us" is a
# pointer in the main clause.
_MEANS_LEAD_RE = re.compile(
    r"\b(?:if|when|once|as long as|provided(?: that)?) (?:you )?(?:first )?$", re.IGNORECASE
)
_CLAIM_BEFORE_RE = re.compile(
    r"\b(?:can|will|may|must|is|are|get|gets|has|have|need to|needs to)\b", re.IGNORECASE
)


def _contact_as_means(clean: str) -> bool:
    """Every call or email the piece names is the condition of a claim made before it."""
    matches = list(_REDIRECT_RE.finditer(clean))
    if not matches:
        return False
    for match in matches:
        if not _MEANS_LEAD_RE.search(clean[: match.start()]):
            return False
    claim = clean[: matches[0].start()]
    claim = claim[: _MEANS_LEAD_RE.search(claim).start()]
    return len(claim.split()) >= 3 and _CLAIM_BEFORE_RE.search(claim) is not None


def _courtesy_then_claim(clean: str, contact_is_answer: bool) -> str | None:
    """The kind of a piece that opens with a greeting, or with a courtesy and a strong
    break: "fact" when a claim follows ("Thanks for asking - the pool opens at 6:30am"),
    "greeting" when only courtesy does ("Hi Tom, thanks for getting in touch!"), else
    None (the piece is read whole)."""
    if greeting := _GREETING_HEAD_RE.match(clean):
        rest = clean[greeting.end() :]
        kind = piece_kind(rest, contact_is_answer=contact_is_answer)
        if kind == "fact":
            return None
        return "greeting" if kind in ("pleasantry", "greeting", "meta") else kind
    if (intro := CLAIM_INTRO_RE.match(clean)) and len(clean) > intro.end():
        # "The article says you can upgrade at any time": the claim after the remark.
        tail = clean[intro.end() :]
        if _POINTS_ON_RE.match(tail):
            return None  # "The article explains this in more detail"
        return "fact" if piece_kind(tail, contact_is_answer=contact_is_answer) == "fact" else None
    split = _STRONG_BREAK_RE.search(clean)
    if split is None or split.end() >= len(clean):
        return None
    if _COURTESY_SHAPE_RE.match(clean):
        return None  # "I understand wanting your dog close - lots of owners feel the same"
    head, tail = clean[: split.start()], clean[split.end() :]
    if ":" in split.group() and _lists_topics(head, tail):
        # "I can answer questions about passes: who can get one, ...": the bot's topics;
        # "I can only help with passes: ..." declines what lies outside them.
        return "refusal" if _REFUSAL_RE.search(head) else "pleasantry"
    head_kind = piece_kind(head)
    courtesy = ("pleasantry", "greeting", "meta")
    label = ":" in split.group() and _LABEL_RE.match(head)  # "Short answer: it depends."
    if head_kind not in courtesy and not label:
        return None
    tail_kind = piece_kind(
        _LEADING_CONJUNCTION_RE.sub("", tail), contact_is_answer=contact_is_answer
    )
    if head_kind not in courtesy:
        return "meta" if tail_kind in courtesy else None
    # "Thanks - contact our team for help", "Sure! Here's how:": the tail says what the
    # piece does.
    return tail_kind


# What the bot says it can help with, before the topics it lists.
_OFFERS_TOPICS_RE = re.compile(
    r"^(?:but |so )?(?:i|we) (?:can|could) (?:only )?(?:help|assist|answer (?:questions|queries))"
    r" (?:you )?(?:with|about|on) (?!(?:that|this|it|those|these)\b)",
    re.IGNORECASE,
)
_TOPIC_BREAK_RE = re.compile(r",\s*(?:and |or )?|\s+(?:and|or)\s+", re.IGNORECASE)


def lists_own_topics(sentence: str) -> bool:
    """The sentence is the bot naming what it can help with and listing the topics."""
    head, colon, tail = sentence.partition(":")
    return bool(colon) and _lists_topics(head.strip(), tail.strip())


def _lists_topics(head: str, tail: str) -> bool:
    """The bot naming what it can help with and listing the topics: "I can answer
    questions about bus passes: who can get one, applying and replacing a lost pass".
    A value in the list, or a list of fewer than three, is a claim after a courtesy."""
    if not _OFFERS_TOPICS_RE.match(head) or _DIGIT_RE.search(tail):
        return False
    return len([item for item in _TOPIC_BREAK_RE.split(tail) if item.strip()]) >= 3


def _is_social(text: str) -> bool:
    # A social opener followed by a real claim ("Sure, you can return it") is a fact:
    # only short leftovers are treated as politeness.
    pattern = next(
        (p for p in (_GREETING_RE, _PLEASANTRY_RE, _SHORT_ACK_RE) if p.search(text)), None
    )
    if pattern is None or (pattern is _SHORT_ACK_RE and _NAME_START_RE.match(text)):
        return False
    leftover = pattern.sub(" ", text)
    if _DIGIT_RE.search(leftover):
        return False  # "No problem at all - the fee is £5": a value is a claim
    if _CLAUSE_RE.search(leftover):
        return False  # "Sure, you can have it delivered": a clause of its own
    return len(content_stems(leftover)) <= 3


_DIGIT_RE = re.compile(r"\d")


def has_contact_detail(text: str) -> bool:
    return bool(_CONTACT_DETAIL_RE.search(text))


def is_small_talk(query: str) -> bool:
    """True for greetings, thanks, farewells and chit-chat that ask for nothing.

    The sweep skips such turns without judging them (SPEC §4).
    """
    text = normalise(query)
    if not text:
        return False
    tokens = words(text)
    if not tokens:
        return True  # emoji or punctuation only
    stems = content_stems(text)
    return all(stem in _SMALL_TALK_STEMS for stem in stems)


def has_question(query: str) -> bool:
    """True when the turn asks the bot for something (a question or a request)."""
    text = normalise(query)
    return bool(text) and not is_small_talk(text) and bool(content_stems(text))


# An opening courtesy before the real sentence ("Sorry, ...", "Thanks for asking - ...").
_OPENER_RE = re.compile(
    r"^(?:sure|of course|certainly|absolutely|great question|good question|thanks[^,.!]*"
    r"|thank you[^,.!]*|i'?m (?:sorry|afraid)|unfortunately|hi|hello|hey)\s*[,!:-]+\s+",
    re.IGNORECASE,
)
_DECLINE_CLAUSE_RE = re.compile(r";\s+|,?\s+but\s+|,\s+(?:and|so)\s+", re.IGNORECASE)


def is_decline(response: str) -> bool:
    """The answer refuses or redirects and gives no information of its own."""
    kinds = set()
    for sentence in split_sentences(normalise(response or "")):
        sentence = _OPENER_RE.sub("", sentence.strip("-*• "))
        for clause in _DECLINE_CLAUSE_RE.split(sentence):
            if clause.strip(" ,.;"):
                kinds.add(piece_kind(clause.strip(" ,")))
    return "fact" not in kinds and bool(kinds & {"refusal", "redirect"})
