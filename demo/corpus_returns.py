"""Help-centre articles about returns, exchanges and refunds.

This corner of the help centre is where the demo's content problems live:

- *Returns policy* gives 30 days, 45 days only for a wrong item, and says nothing about
  restocking fees, the question customers keep asking (the content gap);
- *How to return an item* restates the policy's return window almost word for word, so
  the retriever keeps returning both (the near-duplicate pair);
- *Exchanges* says 45 days and *Exchange questions answered* says 30 days for the same
  thing, with no condition telling them apart (the contradiction);
- *Holiday returns* extends the window for purchases made 1 November-24 December, a
  legitimate condition that must not be read as a contradiction;
- *Newsletter and marketing emails* shares words with returns questions and gets
  retrieved for them;
- *Returns in brief* restates the policy's return window in other words (a near-duplicate
  only a comparison by meaning finds).

Entries are ``(id, title, Markdown body)``; see ``articles.md`` for the wrapping rules.
"""

from __future__ import annotations

RETURNS_POLICY = """
    Changed your mind? Most things you buy from Brightcart can be sent back for a full
    refund. This page covers the time limits, the condition items need to be in, and the
    few things we can't take back. For step-by-step instructions, see *How to return an
    item*.

    ## How long you have to return an item

    You can return most items within 30 days of delivery. If we shipped you the wrong
    item, you have 45 days from delivery to send it back. The return window starts on the
    day the parcel was delivered, as shown in your order tracking, not on the day you
    placed the order. We don't offer refunds after 30 days for ordinary returns; faulty
    products are still covered by the warranty after that.

    ## What condition items must be in

    Please send items back complete: with all accessories, cables, remote controls,
    manuals and, where you still have it, the original packaging. You're welcome to open
    the box and try a product the way you would in a shop. Items that come back damaged,
    incomplete or clearly used may be sent back to you, and we'll email you photos before
    we do.

    ## Opened items and devices with accounts

    Opened items can be returned within the same window as unopened ones, as long as they
    are complete and undamaged. Reset devices to factory settings and sign out of any
    accounts (Apple ID, Google account, the Brightcart Home app) before you pack them. We
    can't accept a phone, tablet or laptop that is still locked to an account.

    ## Items we can't take back

    - Personalised or engraved products
    - Software, games and gift cards once the code has been revealed
    - In-ear headphones and electric toothbrushes if the hygiene seal has been removed
    - Large appliances that have been installed and connected to water or gas

    Faulty items are always covered, whatever the category. See *Damaged or faulty
    items*.

    ## How you get your money back

    We refund to the payment method you used. If you paid with a gift card, that part is
    refunded as a new gift card. Refund times depend on the payment method; see *When will
    I get my refund?*.
"""

# The October rewrite: the wrong-item exception gets its own section and return shipping
# is explained, but restocking fees are still not mentioned, so the gap stays open.
RETURNS_POLICY_V2 = """
    Changed your mind? Most things you buy from Brightcart can be sent back for a full
    refund. This page covers the time limits, the condition items need to be in, how to
    send a return and the few things we can't take back.

    ## How long you have to return an item

    You can return most items within 30 days of delivery. The return window starts on the
    day the parcel was delivered, as shown in your order tracking, not on the day you
    placed the order. We don't offer refunds after 30 days for ordinary returns; faulty
    products are still covered by the warranty after that.

    ## If we sent the wrong item

    If we shipped you the wrong item, you have 45 days from delivery to send it back, and
    we'll send the item you ordered as soon as the return is booked. See *Received the
    wrong item*.

    ## Gifts and holiday purchases

    Items bought between 1 November and 24 December can be returned until 31 January. See
    *Holiday returns* for gift receipts and marketplace purchases.

    ## Sending your return

    Book the return under *Orders* in your account. Return shipping is free with the
    prepaid label we email you; drop the parcel at a PostNL, DHL or UPS point within 7
    days of booking.

    ## What condition items must be in

    Please send items back complete: with all accessories, cables, remote controls,
    manuals and, where you still have it, the original packaging. You're welcome to open
    the box and try a product the way you would in a shop. Items that come back damaged,
    incomplete or clearly used may be sent back to you, and we'll email you photos before
    we do.

    ## Opened items and devices with accounts

    Opened items can be returned within the same window as unopened ones, as long as they
    are complete and undamaged. Reset devices to factory settings and sign out of any
    accounts (Apple ID, Google account, the Brightcart Home app) before you pack them. We
    can't accept a phone, tablet or laptop that is still locked to an account.

    ## Items we can't take back

    - Personalised or engraved products
    - Software, games and gift cards once the code has been revealed
    - In-ear headphones and electric toothbrushes if the hygiene seal has been removed
    - Large appliances that have been installed and connected to water or gas

    ## How you get your money back

    We refund to the payment method you used. If you paid with a gift card, that part is
    refunded as a new gift card. Refund times depend on the payment method; see *When will
    I get my refund?*.
"""

HOW_TO_RETURN = """
    Returning something is quick: you book the return online, print a label (or show a QR
    code) and drop the parcel off. Here's how it works.

    ## Return window

    You can return most items within 30 days of delivery. If we sent you the wrong item,
    the window is 45 days. The 30 days start on the delivery date shown in your order
    tracking. After 30 days we can't refund an ordinary return.

    ## Step by step

    1. Sign in and open *Orders*.
    2. Choose the order and select *Return an item*.
    3. Pick the items and a reason. If the item is faulty, say so here: faulty items go to
       our repair partner instead.
    4. Choose a drop-off point. We'll email you a prepaid label, or a QR code you can show
       at the counter.
    5. Pack the item with all its accessories and drop it off within 7 days.

    ## Return shipping

    Return shipping is free when you use our prepaid label, in the EU and in the US. If
    you send the parcel with your own carrier, we don't refund the postage and you're
    responsible for it until it reaches us. Items over 30 kg are collected from your home;
    see *Delivery of large items*.

    ## After you've sent it

    We'll email you when the parcel reaches our returns centre and again when we've
    checked it, usually within 3 business days. We refund to the payment method you used.
    Items must be complete, with all accessories and, where you still have it, the
    original packaging.
"""

HOLIDAY_RETURNS = """
    Buying gifts early? Our holiday returns window gives the people you shop for time to
    unwrap, try and decide.

    ## Extended returns for holiday purchases

    Items bought between 1 November and 24 December can be returned until 31 January of
    the following year. This applies to everything that can normally be returned,
    including items bought during Black Friday and Cyber Monday. If the normal 30-day
    window ends later than 31 January (for example, for a pre-order bought in December
    and delivered on 10 January), the later date applies.

    ## Returning a gift

    The person who received the gift can return it with the gift receipt or the order
    number. The refund goes to the buyer's original payment method, and we don't tell the
    buyer what was returned. If you'd rather the recipient gets store credit, choose
    *Refund as gift card* when you book the return.

    ## What's not covered

    The extended window doesn't apply to marketplace sellers, who set their own return
    terms within the law, or to the items listed under *Items we can't take back* in our
    Returns policy. Holiday purchases from marketplace sellers follow the seller's return
    policy, shown on the product page.
"""

EXCHANGES = """
    Want the same product in a different colour, size or capacity? An exchange is the
    fastest way to get it, and you don't pay for shipping either way.

    ## How long you have to exchange

    You can exchange an item within 45 days of delivery. The item must be complete and
    undamaged, just as for a return.

    ## How exchanges work

    1. Open *Orders* and choose *Exchange an item*.
    2. Pick the new colour, size or model. If it's in stock, we reserve it for you.
    3. Send the original item back with the prepaid label.

    We ship the replacement as soon as the carrier scans your parcel, so you don't have to
    wait for it to reach us.

    ## Price differences

    If the new item costs more, we charge the difference to your original payment method.
    If it costs less, we refund the difference within 5 business days after we receive the
    original.

    ## What can't be exchanged

    Exchanges are only possible for products sold and shipped by Brightcart. For an item
    from a marketplace seller, return it and place a new order.
"""

EXCHANGE_FAQ = """
    Answers to the questions we hear most about exchanging an item.

    ## How long do I have to exchange an item?

    Exchanges must be requested within 30 days of delivery. After that, the item can't be
    exchanged, but faulty products are still covered by the warranty.

    ## Can I exchange for a completely different product?

    No. An exchange swaps an item for the same product in a different colour, size or
    model. For anything else, return the item for a refund and place a new order.

    ## Do I pay for shipping on an exchange?

    No. The prepaid return label and the delivery of the replacement are both free.

    ## What if the replacement is out of stock?

    We'll tell you when you book the exchange. You can wait for the restock, choose another
    colour, or return the item for a refund instead.

    ## Can I exchange an item I bought in a sale?

    Yes. You get the same product in the colour, size or model you choose at the price you
    originally paid; if the new version costs more today, we charge the difference.
"""

REFUND_TIMING = """
    Once your return arrives at our returns centre, we check it and start the refund. How
    long the money takes to reach you depends on how you paid.

    ## Refund times by payment method

    - Credit and debit card: 5-10 business days after we process the refund
    - PayPal: within 24 hours
    - iDEAL, Bancontact and bank transfer: 3-5 business days
    - Klarna: your payment plan is updated within 2 business days
    - Gift card: a new gift card is emailed to you straight away

    ## When does the refund start?

    We process refunds within 3 business days of receiving your return, and you'll get an
    email with the amount as soon as we do. For exchanges with a price difference, see
    *Exchanges*.

    ## Still waiting?

    Check your bank statement for a credit from "BRIGHTCART BV". Banks sometimes show the
    refund as a reversal of the original payment rather than a new credit. If you still
    can't find it 10 business days after our refund email, send us your order number and
    we'll give you the refund reference so your bank can trace it.
"""

WRONG_ITEM = """
    Sorry about that. If the item in the box isn't what you ordered, we'll put it right at
    no cost to you.

    ## What to do

    1. Check the packing slip and the product label; sometimes the right product comes in
       a differently branded box.
    2. Open *Orders*, choose the order and select *Report a problem* and then *Wrong item
       received*.
    3. Add a photo of the item and its label.

    We'll send the item you ordered straight away, usually the next business day, and
    email you a prepaid label for the wrong one.

    ## How long you have

    If we shipped you the wrong item, you have 45 days from delivery to send it back,
    instead of the usual 30 days. Please don't use the wrong item: if it comes back used,
    we may have to charge you for it.

    ## If what you ordered is out of stock

    We'll offer you a similar product at the same price or a full refund, including the
    original delivery charge.
"""

DAMAGED = """
    Damaged in transit, dead on arrival, or stopped working soon after delivery? Here's
    what to do.

    ## Damaged on delivery

    If the box or product is visibly damaged, you can refuse the delivery; the carrier
    brings it back to us and we send a replacement. If you've already accepted it, report
    it within 14 days: open *Orders*, select *Report a problem* and add photos of the
    product and the packaging.

    ## Faulty within 30 days

    If a product is faulty within 30 days of delivery, we'll replace it or refund it,
    whichever you prefer. We cover the return shipping.

    ## Faulty after 30 days

    After 30 days, faulty products are handled under the warranty; see *Warranty*. We
    arrange the repair and keep you updated by email.

    ## Keep the packaging

    Where you can, keep the original packaging until you've checked the product works. It
    protects the item on its way back to us and makes a repair faster.
"""

NEWSLETTER = """
    We send a newsletter with new products, offers and buying guides about once a week,
    and more often during sales.

    ## Unsubscribing

    Every marketing email has an *Unsubscribe* link at the bottom. You can also go to
    *Account* and then *Communication preferences* and switch off email, SMS or push
    notifications separately. It can take up to 2 days for the change to take effect,
    because some emails are scheduled in advance.

    ## Emails you'll still receive

    Even if you unsubscribe, we'll keep sending service emails about your orders,
    deliveries, returns and refunds. These aren't marketing, and you can't switch them off
    while an order or a return is open.

    ## Returning customers

    If you haven't ordered for 90 days, you may receive a welcome-back offer once, unless
    you've unsubscribed. Offers are personal, valid for 14 days from the day we send them
    and can't be combined with other promo codes.

    ## Too many emails?

    Choose *Fewer emails* in your communication preferences to get one digest a month
    instead of the weekly newsletter.
"""

# A short page that restates the policy's return window in other words: few words in
# common, the same rule (the scan's near-duplicate by meaning).
RETURNS_SUMMARY = """
    The main points of our returns rules on one page, for customers in a hurry. The full
    rules, with every exception, are on the returns policy page.

    ## The short version

    Most products can be sent back up to 30 days after they were delivered. When we sent
    you the wrong product, the return window is 45 days from delivery. The return period
    begins on the delivery date shown in your tracking, not on the date of your order.
    Ordinary returns get no refund after 30 days; the warranty still covers faulty
    products after that.

    ## Before you send something back

    Pack everything that came in the box: chargers, cables, remotes, booklets and, if you
    kept it, the original box. Trying a product at home is fine, just as you would in a
    store. Wipe devices back to factory settings and log out of every account first,
    because a locked phone, tablet or laptop can't be accepted. Personalised products,
    revealed codes and opened hygiene items can't come back.
"""

ARTICLES: tuple[tuple[str, str, str], ...] = (
    ("kb-returns", "Returns policy", RETURNS_POLICY),
    ("kb-return-howto", "How to return an item", HOW_TO_RETURN),
    ("kb-holiday-returns", "Holiday returns", HOLIDAY_RETURNS),
    ("kb-exchanges", "Exchanges", EXCHANGES),
    ("kb-exchange-faq", "Exchange questions answered", EXCHANGE_FAQ),
    ("kb-refund-timing", "When will I get my refund?", REFUND_TIMING),
    ("kb-wrong-item", "Received the wrong item", WRONG_ITEM),
    ("kb-damaged", "Damaged or faulty items", DAMAGED),
    ("kb-newsletter", "Newsletter and marketing emails", NEWSLETTER),
    ("kb-returns-summary", "Returns in brief", RETURNS_SUMMARY),
)

REWRITES: tuple[tuple[str, str, str], ...] = (("kb-returns", "Returns policy", RETURNS_POLICY_V2),)
