"""Help-centre articles about products, services and your account.

*Warranty* is rewritten in October: the first version only says that products carry the
manufacturer's warranty, so questions about how to make a claim went unanswered or got an
invented answer; the second version explains the cover, the claim and the repair times.
"""

from __future__ import annotations

_WARRANTY_INTRO = """
    Every product sold by Brightcart comes with a warranty against manufacturing faults.
"""

WARRANTY = (
    _WARRANTY_INTRO
    + """
    ## Manufacturer's warranty

    All products come with the manufacturer's warranty. The length of the warranty depends
    on the brand and the product, and is shown on the product page under
    *Specifications*. Some brands offer longer cover if you register the product on their
    website; the details are in the box.

    ## Faults shortly after delivery

    If a product is faulty within 30 days of delivery, it's handled as a return rather
    than a warranty claim: see *Damaged or faulty items*.

    ## Longer cover

    If you'd like cover beyond the manufacturer's warranty, including accidental damage,
    have a look at our *Brightcart Care protection plans*. They can be added up to 60 days
    after delivery.

    ## Keep your order confirmation

    Your Brightcart order confirmation is your proof of purchase. You can find it under
    *Orders* at any time, so there's no need to keep a paper receipt.
"""
)

WARRANTY_V2 = (
    _WARRANTY_INTRO
    + """
    ## How long you're covered

    In the EU and the UK, every product is covered for at least 2 years from delivery. In
    the US, every product is covered for at least 1 year from delivery. Where the
    manufacturer offers longer cover, shown on the product page under *Specifications*,
    the longer period applies.

    ## How to make a warranty claim

    1. Open *Orders*, choose the order and select *Report a problem* and then *Faulty
       product*.
    2. Describe the fault; a short video helps.
    3. We email you a prepaid label, or book a technician visit for large appliances and
       TVs of 65 inches and up.

    You don't need the receipt: your Brightcart order is your proof of purchase.

    ## How long a repair takes

    Most repairs take 10-15 business days from the day the product reaches our repair
    partner. If it can't be repaired, we replace it with the same or an equivalent model,
    or refund you.

    ## What the warranty doesn't cover

    Accidental damage, water damage, normal wear and damage from a repair by someone else
    aren't covered. For accidental damage, see *Brightcart Care protection plans*.
"""
)

PROTECTION_PLAN = """
    Brightcart Care extends your cover beyond the warranty and adds protection against
    accidents.

    ## What's covered

    Brightcart Care covers breakdowns after the manufacturer's warranty ends, and
    accidental damage such as drops, cracked screens and liquid spills from day one. It
    doesn't cover loss, theft or cosmetic damage that doesn't affect how the product
    works.

    ## Plans and prices

    Plans run for 2 or 3 years from delivery. Prices depend on the product's price: for
    example, 2 years of cover for a laptop between €500 and €1,000 costs €89. You'll see
    the price for each product on its page.

    ## Adding a plan later

    You can add Brightcart Care up to 60 days after delivery under *Orders*. If you cancel
    within 30 days, you get a full refund; after that, the refund is proportional to the
    time left.

    ## Making a claim

    Claims are handled by our insurance partner, Assurant. Start a claim under *Orders*;
    there's a €49 excess per claim for accidental damage and none for breakdowns.
"""

INSTALLATION = """
    Let our technicians install it for you. Installation can be booked at checkout or up
    to 14 days after delivery.

    ## Services and prices

    - Wall-mounting a TV up to 75 inches: €79 (bracket not included)
    - Installing a washing machine or dryer: €49
    - Installing a built-in dishwasher: €69
    - Setting up smart home devices (up to 5 devices): €59

    ## What's included

    The technician connects and tests the appliance, shows you how it works and takes the
    packaging away. Gas appliances and new water or electrical connections aren't included.

    ## Booking and changing

    We email you to choose a slot within 2 business days. You can change the slot for free
    up to 24 hours before it starts. Installation isn't available in the US yet.

    ## Before the technician arrives

    Make sure the water and drain connections are within 1.5 metres of where the appliance
    will stand, and that there's a socket nearby. For wall-mounting, tell us the wall type
    when you book: plasterboard walls need a special bracket.
"""

TRADE_IN = """
    Trade in your old phone, tablet, laptop or games console and get credit towards
    something new.

    ## What we accept

    We accept phones, tablets, laptops and games consoles that are up to 7 years old and
    switch on. Devices with a cracked screen still get a quote, but a lower one. We don't
    accept devices that have been reported lost or stolen.

    ## Getting a quote

    Answer a few questions about the model and its condition on the *Trade-in* page. The
    quote is valid for 14 days.

    ## Sending your device

    We email you a free shipping label. Remove your accounts, reset the device to factory
    settings and send it within 14 days.

    ## Getting paid

    Once we've checked the device, usually within 5 business days, we pay you as a
    Brightcart gift card or by bank transfer. Choose a gift card and you get 10% extra. If
    the condition doesn't match your answers, we send you a new quote; if you don't accept
    it, we return the device for free.
"""

RECYCLING = """
    We take back old electronics and appliances so they can be recycled properly.

    ## Free take-back when you buy new

    When we deliver a new large appliance, our crew can take your old one away for
    recycling if you book it at checkout. Take-away costs €15 or $20.

    ## Small electronics

    Phones, chargers, cables, small kitchen appliances and batteries can be dropped off for
    free at any Brightcart pickup point, whether or not you bought them from us.

    ## Data on old devices

    Please remove your data before recycling a device. We wipe storage before recycling, but
    we can't return a device once it has been dropped off.

    ## Batteries

    Loose batteries can go in the collection box at any pickup point. E-bike and scooter
    batteries are collected separately: book a free collection under *Help* and then
    *Recycling*, because they can't be sent by post.

    ## Packaging

    Our boxes are made from recycled cardboard and can go in your paper recycling. Plastic
    bags and foam can be handed to our delivery crew.
"""

BACK_IN_STOCK = """
    Sold out? Here's how to get the product as soon as it's back.

    ## Restock alerts

    Select *Notify me* on the product page and we'll email you as soon as it's back in
    stock. Alerts can't reserve the product for you, so popular items may sell out again.

    ## Expected restock dates

    When the supplier gives us a date, we show it on the product page. These dates are
    estimates and can change.

    ## Pre-orders

    Products that haven't been released yet can be pre-ordered. You're charged when the
    product ships, and you can cancel a pre-order at any time before then.

    ## Limits on popular items

    When a popular product comes back, we may limit orders to 1 or 2 units per customer so
    more people get one. Orders above the limit are cancelled and refunded.

    ## Other sellers

    If a product is out of stock with us, a marketplace seller may still have it. Their
    offers are shown under *Other sellers* on the product page, with the seller's own
    delivery times and return terms.
"""

PASSWORD = """
    Having trouble signing in? Here's how to get back into your account.

    ## Resetting your password

    Select *Forgot password?* on the sign-in page and enter your email address. We send you
    a reset link that is valid for 1 hour. Check your spam folder if it doesn't arrive
    within a few minutes.

    ## Account locked

    After 5 failed sign-in attempts, your account is locked for 30 minutes to protect it.
    You can still reset your password during that time. If you didn't try to sign in
    yourself, reset your password straight away.

    ## Signing in with Google or Apple

    If you created your account with Google or Apple, sign in with the same button. You can
    add a password later under *Account* and then *Security*.

    ## Two-step verification

    Switch on two-step verification under *Account* and then *Security*. If you've lost
    your phone, use one of the backup codes you saved when you set it up.

    ## Changing your email address

    Go to *Account* and then *Personal details*. We send a confirmation link to the new
    address; the change takes effect once you've clicked it.
"""

PRIVACY = """
    You're in control of the data we hold about you.

    ## Downloading your data

    Go to *Account*, *Privacy* and then *Download my data*. We email you a file with your
    orders, addresses and preferences within 7 days.

    ## Deleting your account

    Go to *Account*, *Privacy* and then *Delete account*. We delete your account within 30
    days. Open orders and returns are finished first, and we keep invoices for 7 years
    because tax law requires it.

    ## What we use your data for

    We use your data to deliver your orders, handle returns and warranty claims and, if you
    agree, to personalise offers. We never sell your data. Our privacy statement lists the
    partners we share data with, such as carriers and payment providers.

    ## Questions about your data

    Email our data protection officer at privacy@brightcart.example; we answer within 30
    days. To stop marketing emails without deleting your account, see *Newsletter and
    marketing emails*.

    ## Cookies

    Change your cookie choices at any time with the *Cookie settings* link at the bottom of
    every page.
"""

ARTICLES: tuple[tuple[str, str, str], ...] = (
    ("kb-warranty", "Warranty", WARRANTY),
    ("kb-protection-plan", "Brightcart Care protection plans", PROTECTION_PLAN),
    ("kb-installation", "Installation and setup service", INSTALLATION),
    ("kb-trade-in", "Trade in your old device", TRADE_IN),
    ("kb-recycling", "Recycling old electronics", RECYCLING),
    ("kb-back-in-stock", "Out-of-stock items and restock alerts", BACK_IN_STOCK),
    ("kb-password", "Signing in and resetting your password", PASSWORD),
    ("kb-privacy", "Your data and deleting your account", PRIVACY),
)

REWRITES: tuple[tuple[str, str, str], ...] = (("kb-warranty", "Warranty", WARRANTY_V2),)
